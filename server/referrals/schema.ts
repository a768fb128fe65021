import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, mayReferTo, kobo, payoutAccountColumns } from "../db/columns";
import { belongsToUser, mayReferToUser, users } from "../auth/schema";
import { orderItems, orders } from "../orders/schema";

// Refer and earn (docs/product/refer-and-earn.md).

/** Each customer's one code, made the first time they open /refer-earn. Random: nothing about the account is in it. */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  /** Times a link with this code was opened (each opening, not each person: the programme's figures). */
  opens: integer("opens").notNull().default(0),
  createdAt: atNow("created_at"),
});

/**
 * A person bound to the customer who referred them: once, when their account is made, never moved. A refused binding
 * (a self-referral) is kept so the same person is not bound later by another link, and earns no one anything.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    referrerId: belongsToUser("referrer_id"),
    referredId: text("referred_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** How the code came: a link opened in this browser, or typed at sign-up. */
    source: text("source").notNull(),
    status: text("status").notNull().default("active"),
    refusal: text("refusal"),
    /** Why it waits for staff (docs/product/refer-and-earn.md#fraud-checks): same network as the referrer, or a burst. */
    flag: text("flag"),
    /** The sign-up's network address, keyed-hashed: enough to spot a burst from one address, not to read it back. */
    signupIpHash: text("signup_ip_hash"),
    reviewedBy: mayReferToUser("reviewed_by"),
    reviewedAt: at("reviewed_at"),
    reviewNote: text("review_note"),
    boundAt: atNow("bound_at"),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.boundAt),
    check("referrals_source_check", sql`${t.source} in ('link', 'code')`),
    check("referrals_status_check", sql`${t.status} in ('active', 'flagged', 'refused')`),
    check("referrals_flag_check", sql`(${t.status} = 'flagged') <= (${t.flag} is not null)`),
    index("referrals_flagged_idx").on(t.status, t.boundAt),
    index("referrals_signup_ip_idx").on(t.signupIpHash, t.boundAt),
    check("referrals_not_self_check", sql`${t.referrerId} <> ${t.referredId}`),
  ],
);

/**
 * A commission on one line of a referred customer's paid order (docs/product/refer-and-earn.md#commissions): recorded
 * once per line (unique), in the transaction that marks the order paid, held through the refund window, then approved;
 * a refund reverses it. The rate and base are kept as they were, so later settings never rewrite it.
 */
export const referralCommissions = pgTable(
  "referral_commissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    referralId: belongsTo("referral_id", () => referrals.id),
    referrerId: belongsToUser("referrer_id"),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    baseKobo: kobo("base_kobo").notNull(),
    ratePercent: integer("rate_percent").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    status: text("status").notNull().default("pending"),
    /** Why staff refused it, or why it was reversed ("Order refunded"). */
    note: text("note"),
    createdAt: atNow("created_at"),
    approvedAt: at("approved_at"),
    paidAt: at("paid_at"),
    reversedAt: at("reversed_at"),
    /** The payout that paid it, so a bank payout that fails or is declined gives these back to the balance. */
    payoutId: integer("payout_id").references((): AnyPgColumn => referralPayouts.id, { onDelete: "set null" }),
  },
  (t) => [
    index("referral_commissions_referrer_idx").on(t.referrerId, t.createdAt),
    index("referral_commissions_pending_idx").on(t.status, t.createdAt),
    index("referral_commissions_order_idx").on(t.orderId),
    check("referral_commissions_status_check", sql`${t.status} in ('pending', 'approved', 'paid', 'reversed', 'refused')`),
    check("referral_commissions_amount_check", sql`${t.amountKobo} > 0 and ${t.amountKobo} <= ${t.baseKobo}`),
    check("referral_commissions_rate_check", sql`${t.ratePercent} between 1 and 100`),
  ],
);

/**
 * A payout of a referrer's whole balance (docs/product/refer-and-earn.md#payouts): to their ZavCharge wallet (paid at
 * once) or to their bank account, which goes through the admins' payout queue like a seller's: requested, sent through
 * Paystack's transfers ("sending") or by hand, then paid, or declined or failed (the amount goes back to the balance).
 */
export const referralPayouts = pgTable(
  "referral_payouts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    amountKobo: kobo("amount_kobo").notNull(),
    destination: text("destination").notNull(),
    status: text("status").notNull().default("paid"),
    /** Ours: the wallet entry's reference, or the bank payout's. */
    reference: text("reference").notNull().unique(),
    /** The bank account as it was when the payout was asked for (bank payouts only). */
    bankCode: text("bank_code"),
    accountNumber: text("account_number"),
    accountName: text("account_name"),
    accountVerified: boolean("account_verified"),
    /** Sent to the provider when an admin pays it through the transfer API; unique, so it is sent once. */
    transferReference: text("transfer_reference").unique(),
    /** The bank's or provider's reference of the transfer that paid it. */
    bankReference: text("bank_reference"),
    /** Why it was declined, or why the bank did not complete it. */
    note: text("note"),
    decidedBy: mayReferToUser("decided_by"),
    decidedAt: at("decided_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("referral_payouts_user_idx").on(t.userId, t.createdAt),
    index("referral_payouts_status_idx").on(t.status, t.createdAt),
    check("referral_payouts_destination_check", sql`${t.destination} in ('wallet', 'bank')`),
    check("referral_payouts_status_check", sql`${t.status} in ('requested', 'sending', 'paid', 'declined', 'failed')`),
    check("referral_payouts_wallet_paid_check", sql`${t.destination} = 'bank' or ${t.status} = 'paid'`),
    check("referral_payouts_bank_account_check", sql`(${t.destination} = 'bank') = (${t.accountNumber} is not null)`),
    check("referral_payouts_amount_check", sql`${t.amountKobo} > 0`),
  ],
);

/**
 * The bank account a referrer is paid into (one per person). Its number also serves the fraud checks: a friend paid
 * into the referrer's own account is a self-referral (docs/product/refer-and-earn.md#fraud-checks).
 */
export const referralPayoutAccounts = pgTable(
  "referral_payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    ...payoutAccountColumns,
    /** The provider's transfer recipient for this account, made at the first transfer. */
    transferRecipientCode: text("transfer_recipient_code"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [index("referral_payout_accounts_number_idx").on(t.accountNumber, t.bankCode)],
);

/**
 * The referrer's balance, as a ledger (docs/product/refer-and-earn.md#the-balance): an approved commission adds, a
 * reversal of an approved or paid one takes away, a payout takes away. The balance is the sum; it may go below zero
 * when a paid commission is refunded, and the next payout makes up for it. Each event is posted once (unique key).
 */
export const referralLedger = pgTable(
  "referral_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    kind: text("kind").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    commissionId: mayReferTo("commission_id", () => referralCommissions.id),
    payoutId: mayReferTo("payout_id", () => referralPayouts.id),
    /** `approved:<commission>`, `reversed:<commission>`, `payout:<payout>`, `returned:<payout>`: what posted it, once. */
    reference: text("reference").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [
    uniqueIndex("referral_ledger_reference_idx").on(t.reference),
    index("referral_ledger_user_idx").on(t.userId, t.id),
    check("referral_ledger_kind_check", sql`${t.kind} in ('approved', 'reversed', 'payout', 'payout_returned')`),
    check(
      "referral_ledger_sign_check",
      sql`(${t.kind} in ('approved', 'payout_returned')) = (${t.amountKobo} > 0) and ${t.amountKobo} <> 0`,
    ),
  ],
);
