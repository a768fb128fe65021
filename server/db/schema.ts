// Every context's tables, in one place for Drizzle and drizzle-kit.
export * from "../auth/schema";
export * from "../users/schema";
export * from "../settings/schema";
export * from "../audit/schema";
export * from "../messaging/schema";
export * from "../catalog/schema";
export * from "../cart/schema";
export * from "../orders/schema";
export * from "../inventory/schema";
export * from "../payments/schema";
export * from "../alerts/schema";
export * from "../academy/schema";
export * from "../zavcharge/schema";
export * from "../content/schema";
export * from "../appointments/schema";
