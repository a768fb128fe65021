import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { at, atNow, kobo } from "../db/columns";
import { belongsToUser } from "../auth/schema";

/**
 * A paid plan with an end date (ZavCharge plans today). The renewal reminder reads it; ZavCharge
 * sells and renews them.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    product: text("product").notNull().default("zavcharge"),
    planName: text("plan_name").notNull(),
    priceKobo: kobo("price_kobo").notNull(),
    status: text("status").notNull().default("active"),
    startsAt: atNow("starts_at"),
    expiresAt: at("expires_at").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("subscriptions_expiry_idx").on(t.status, t.expiresAt),
    check("subscriptions_status_check", sql`${t.status} in ('active', 'expired', 'cancelled')`),
    check("subscriptions_price_check", sql`${t.priceKobo} >= 0`),
  ],
);
