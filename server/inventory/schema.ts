import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo } from "../db/columns";
import { productVariants } from "../catalog/schema";
import { orders } from "../orders/schema";

/**
 * Stock held for an order while it waits for payment (research/commerce.md: available = on hand - active
 * reservations). Converted (on hand decremented) when the order is paid, released by a job when it expires.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: belongsTo("variant_id", () => productVariants.id),
    quantity: integer("quantity").notNull(),
    status: text("status").notNull().default("active"),
    expiresAt: at("expires_at").notNull(),
    createdAt: atNow("created_at"),
    closedAt: at("closed_at"),
  },
  (t) => [
    index("stock_reservations_variant_active_idx")
      .on(t.variantId)
      .where(sql`${t.status} = 'active'`),
    index("stock_reservations_order_idx").on(t.orderId),
    index("stock_reservations_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check("stock_reservations_quantity_check", sql`${t.quantity} > 0`),
    check("stock_reservations_status_check", sql`${t.status} in ('active', 'converted', 'released')`),
  ],
);
