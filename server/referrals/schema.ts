import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";

// Refer and earn (docs/product/refer-and-earn.md).

/** Each customer's one code, made the first time they open /refer-earn. Random: nothing about the account is in it. */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  /** Times a link with this code was opened (each opening, not each person: the programme's figures). */
  opens: integer("opens").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person bound to the customer who referred them: once, when their account is made, never moved. A refused binding
 * (a self-referral) is kept so the same person is not bound later by another link, and earns no one anything.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** How the code came: a link opened in this browser, or typed at sign-up. */
    source: text("source").notNull(),
    status: text("status").notNull().default("active"),
    refusal: text("refusal"),
    boundAt: timestamp("bound_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.boundAt),
    check("referrals_source_check", sql`${t.source} in ('link', 'code')`),
    check("referrals_status_check", sql`${t.status} in ('active', 'refused')`),
    check("referrals_not_self_check", sql`${t.referrerId} <> ${t.referredId}`),
  ],
);
