import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";

/**
 * A paid plan with an end date (ZavCharge plans today). The renewal reminder reads it; ZavCharge
 * sells and renews them.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    product: text("product").notNull().default("zavcharge"),
    planName: text("plan_name").notNull(),
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    status: text("status").notNull().default("active"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_expiry_idx").on(t.status, t.expiresAt),
    check("subscriptions_status_check", sql`${t.status} in ('active', 'expired', 'cancelled')`),
    check("subscriptions_price_check", sql`${t.priceKobo} >= 0`),
  ],
);
