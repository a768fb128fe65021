import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, refersTo, mayReferTo, kobo } from "../../db/columns";
import { mayReferToUser, users } from "../../auth/schema";
import { subscriptions } from "../../subscriptions/schema";

// ZavCharge's driver accounts (docs/product/zavcharge.md#accounts): the plans a driver can be on, the accounts with
// their hashed PIN and balance, PIN sign-in sessions and resets, who had the welcome, and registrations awaiting
// their e-mail's confirmation.

/** Plans a driver can be on; the admin adds and prices them. */
export const zavchargePlans = pgTable(
  "zavcharge_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    priceKobo: kobo("price_kobo").notNull(),
    periodDays: integer("period_days").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: atNow("created_at"),
  },
  (t) => [
    check("zavcharge_plans_price_check", sql`${t.priceKobo} >= 0`),
    check("zavcharge_plans_period_check", sql`${t.periodDays} between 1 and 366`),
  ],
);

/**
 * A driver's ZavCharge account ("subscription" to drivers): the ZAV… id, the hashed PIN, the wallet balance and
 * the plan period (a row of subscriptions, which the renewal reminder reads). Closing it erases the person's
 * details (user, name, e-mail, phone, PIN) and keeps the row, so ledger and sessions stay whole.
 */
export const zavchargeAccounts = pgTable(
  "zavcharge_accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** ZAV + last 8 digits of the timestamp + 4 uppercase letters (docs/product/zavcharge.md#accounts). */
    code: text("code").notNull().unique(),
    userId: mayReferToUser("user_id"),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    /** scrypt hash of the 6-digit PIN; null once closed. */
    pinHash: text("pin_hash"),
    planId: refersTo("plan_id", () => zavchargePlans.id),
    subscriptionId: mayReferTo("subscription_id", () => subscriptions.id),
    /** Kept equal to the last ledger entry's balance_after, in the same transaction. */
    balanceKobo: kobo("balance_kobo").notNull().default(0),
    /** active, suspended (by staff), closed (by the driver). Plan expiry is read from the subscription. */
    status: text("status").notNull().default("active"),
    suspendedReason: text("suspended_reason"),
    lowBalanceNotifiedAt: at("low_balance_notified_at"),
    /** An RFID card's id tag, shown at a charger instead of the account code (docs/product/zavcharge.md#chargers). */
    rfidTag: text("rfid_tag").unique(),
    /**
     * The welcome credit and free first plan wait for the driver to prove their phone with a texted code
     * (docs/product/zavcharge.md#welcome-credit): set at opening when the site sends texts and none of the person's
     * keys had the welcome, cleared when the phone is proved.
     */
    welcomeAwaitsPhone: boolean("welcome_awaits_phone").notNull().default(false),
    /** When the driver proved `phone` with a texted code; null for a number as typed. */
    phoneVerifiedAt: at("phone_verified_at"),
    closedAt: at("closed_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    // One open account per site account; closed ones have no user.
    uniqueIndex("zavcharge_accounts_user_open_unique")
      .on(t.userId)
      .where(sql`${t.status} <> 'closed'`),
    index("zavcharge_accounts_email_idx").on(sql`lower(${t.email})`),
    check("zavcharge_accounts_balance_check", sql`${t.balanceKobo} >= 0`),
    check("zavcharge_accounts_status_check", sql`${t.status} in ('active', 'suspended', 'closed')`),
    check("zavcharge_accounts_code_check", sql`${t.code} ~ '^ZAV[0-9]{8}[A-Z]{4}$'`),
  ],
);

/** A signed-in PIN: opens the driver's ZavCharge dashboard only. The cookie holds the token; we keep its hash. */
export const zavchargePinSessions = pgTable(
  "zavcharge_pin_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull().unique(),
    accountId: belongsTo("account_id", () => zavchargeAccounts.id),
    expiresAt: at("expires_at").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [index("zavcharge_pin_sessions_account_idx").on(t.accountId)],
);

/** A PIN reset: a one-time code e-mailed to the account's address, kept hashed, short-lived, few tries. */
export const zavchargePinResets = pgTable(
  "zavcharge_pin_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: belongsTo("account_id", () => zavchargeAccounts.id),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [index("zavcharge_pin_resets_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Who has had the welcome credit and the free first plan (docs/product/zavcharge.md#welcome-credit): one row per
 * key of the person who got them (their site account, their confirmed e-mail, their phone), each kept as a one-way
 * fingerprint (HMAC under the server secret), so the rows outlive closing and deletion without naming anyone.
 */
export const zavchargeWelcomeGrants = pgTable("zavcharge_welcome_grants", {
  fingerprint: text("fingerprint").primaryKey(),
  /** The account that got the credit; kept when the account is closed (its row stays, without the person). */
  accountId: mayReferTo("account_id", () => zavchargeAccounts.id),
  grantedAt: atNow("granted_at"),
});

/**
 * A ZavCharge registration waiting for its e-mail to be confirmed (docs/product/zavcharge.md#accounts): the site
 * account exists unconfirmed; its ZavCharge account opens when the person who chose the password confirms the
 * address. The PIN is kept hashed (null: one is generated when the account opens). Dropped when the account opens,
 * when the password is reset (whoever resets it did not necessarily choose this PIN) and after 7 days.
 */
export const zavchargePendingRegistrations = pgTable("zavcharge_pending_registrations", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  pinHash: text("pin_hash"),
  createdAt: atNow("created_at"),
});
