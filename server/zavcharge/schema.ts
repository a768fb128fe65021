// ZavCharge's tables in one place for server/db/schema.ts (Drizzle and drizzle-kit). Each sub-area owns and alone
// writes its own (docs/decisions/0048-zavcharge-sub-areas.md); code inside server/zavcharge imports the sub-area's
// schema, never this barrel.
export * from "./network/schema";
export * from "./chargers/schema";
export * from "./accounts/schema";
export * from "./wallet/schema";
export * from "./sessions/schema";
