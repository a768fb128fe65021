import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, atNow, refersTo, kobo, payoutAccountColumns } from "../db/columns";
import { belongsToUser, refersToUser, mayReferToUser, users } from "../auth/schema";
import { orders } from "../orders/schema";

// Investments (docs/product/investments.md): the tiers admins offer, people's applications to invest, the checked
// investors, and each investment as a register entry that moves only by the state machine of
// domain/investments/investment-rules.ts.

/** A tier (docs/product/investments.md#tiers): limits, the projection (never a promise), tenor and how often it distributes. */
export const investmentTiers = pgTable(
  "investment_tiers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull().unique(),
    summary: text("summary").notNull(),
    minKobo: kobo("min_kobo").notNull(),
    maxKobo: kobo("max_kobo"),
    /** The most the tier raises in all; null: no cap. */
    raiseCapKobo: kobo("raise_cap_kobo"),
    /** The projected return a year, in basis points: shown only as a projection. */
    expectedReturnBasisPoints: integer("expected_return_basis_points").notNull(),
    tenorMonths: integer("tenor_months").notNull(),
    distributionFrequency: text("distribution_frequency").notNull(),
    lockupMonths: integer("lockup_months").notNull().default(0),
    /** Whether principal may be asked back after the lock-up, before maturity. */
    earlyRedemption: boolean("early_redemption").notNull().default(false),
    status: text("status").notNull().default("open"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    check("investment_tiers_status_check", sql`${t.status} in ('open', 'closed')`),
    check("investment_tiers_frequency_check", sql`${t.distributionFrequency} in ('monthly', 'quarterly', 'yearly')`),
    check(
      "investment_tiers_limits_check",
      sql`${t.minKobo} > 0 and (${t.maxKobo} is null or ${t.maxKobo} >= ${t.minKobo}) and (${t.raiseCapKobo} is null or ${t.raiseCapKobo} >= ${t.minKobo})`,
    ),
    check("investment_tiers_terms_check", sql`${t.tenorMonths} between 1 and 120 and ${t.lockupMonths} between 0 and ${t.tenorMonths}`),
    check("investment_tiers_return_check", sql`${t.expectedReturnBasisPoints} between 0 and 10000`),
  ],
);

/** Who the investor is, as the application gave it and the approval confirmed. */
const identity = {
  legalName: text("legal_name").notNull(),
  dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
  address: text("address").notNull(),
  state: text("state").notNull(),
  lga: text("lga").notNull(),
  phone: text("phone").notNull(),
  idType: text("id_type").notNull(),
  idNumber: text("id_number").notNull(),
  incomeBand: text("income_band").notNull(),
  /** The bank account distributions and principal are paid to. */
  ...payoutAccountColumns,
};

/** An application to invest (docs/product/investments.md#applications), reviewed by staff. */
export const investorApplications = pgTable(
  "investor_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsToUser("user_id"),
    ...identity,
    /** The ID document's stored name under DATA_DIR/investments/ids (private; staff see it through a checked route). */
    idDocumentPath: text("id_document_path").notNull(),
    idDocumentType: text("id_document_type").notNull(),
    riskAcceptedAt: at("risk_accepted_at").notNull(),
    status: text("status").notNull().default("pending"),
    /** The reviewer's reason for a rejection, or what more they asked for. */
    reviewNote: text("review_note"),
    reviewedBy: mayReferToUser("reviewed_by"),
    reviewedAt: at("reviewed_at"),
    submittedAt: atNow("submitted_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    check("investor_applications_status_check", sql`${t.status} in ('pending', 'needs_info', 'approved', 'rejected')`),
    check("investor_applications_document_check", sql`${t.idDocumentType} in ('pdf', 'png', 'jpg', 'webp')`),
    uniqueIndex("investor_applications_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'needs_info')`),
    index("investor_applications_status_idx").on(t.status, t.submittedAt),
  ],
);

/** A checked investor: made once, when staff approve their application. */
export const investors = pgTable("investors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  applicationId: uuid("application_id").references(() => investorApplications.id, { onDelete: "set null" }),
  ...identity,
  approvedAt: atNow("approved_at"),
  /** The payment provider's transfer recipient for this account, made at the first transfer. */
  transferRecipientCode: text("transfer_recipient_code"),
});

/** A tier's terms as the investor agreed them: a later change to the tier changes no investment already made. */
export type TAgreedTerms = {
  tierName: string;
  tenorMonths: number;
  expectedReturnBasisPoints: number;
  distributionFrequency: "monthly" | "quarterly" | "yearly";
  lockupMonths: number;
  earlyRedemption: boolean;
};

/**
 * One investment (docs/product/investments.md#investments): made awaiting payment when its order is placed, so it
 * counts against the tier's raise and the investor's allowance while the order waits; active once payment is verified.
 */
export const investments = pgTable(
  "investments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: refersToUser("user_id"),
    tierId: refersTo("tier_id", () => investmentTiers.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    principalKobo: kobo("principal_kobo").notNull(),
    terms: jsonb("terms").$type<TAgreedTerms>().notNull(),
    status: text("status").notNull().default("pending_payment"),
    placedAt: atNow("placed_at"),
    /** The start of the investment: when its payment was verified. */
    activatedAt: at("activated_at"),
    maturesAt: at("matures_at"),
    lockUpEndsAt: at("lock_up_ends_at"),
    endedAt: at("ended_at"),
    /** Whether the investor asked for distributions to be added to their principal instead of paid out. */
    reinvest: boolean("reinvest").notNull().default(false),
    /** When the investor asked for their principal back (at maturity, or after the lock-up where the tier allows). */
    redemptionRequestedAt: at("redemption_requested_at"),
    /** The bank reference of the transfer that paid the principal back, and who recorded it. */
    redemptionReference: text("redemption_reference"),
    redeemedBy: mayReferToUser("redeemed_by"),
    /** What is paid back: the principal and every distribution reinvested in it; fixed when it is sent or recorded. */
    redemptionKobo: kobo("redemption_kobo"),
    /** Our reference of the provider transfer paying it back while it is on its way or once paid; one per attempt. */
    redemptionTransferReference: text("redemption_transfer_reference").unique(),
    redemptionTransferAttempts: integer("redemption_transfer_attempts").notNull().default(0),
    /** Why the last transfer did not go through, for the admin who tries again. */
    redemptionTransferNote: text("redemption_transfer_note"),
  },
  (t) => [
    check("investments_status_check", sql`${t.status} in ('pending_payment', 'active', 'matured', 'redeemed', 'cancelled')`),
    check("investments_principal_check", sql`${t.principalKobo} > 0`),
    check("investments_active_dates_check", sql`${t.status} in ('pending_payment', 'cancelled') or ${t.activatedAt} is not null`),
    check(
      "investments_redeemed_check",
      sql`${t.status} <> 'redeemed' or (${t.redemptionReference} is not null and ${t.endedAt} is not null and ${t.redemptionKobo} is not null)`,
    ),
    // One investment per tier per order: the cart holds one line per tier.
    unique("investments_order_tier_unique").on(t.orderId, t.tierId),
    index("investments_tier_status_idx").on(t.tierId, t.status),
    index("investments_user_idx").on(t.userId, t.placedAt),
  ],
);

/**
 * A distribution declared for a tier and a period (docs/product/investments.md#distributions): a pool in naira shared
 * pro rata, or a yearly rate on principal. One admin declares it; a second approves it, and only then are the shares
 * written. The period is Lagos days, from `periodStart` to `periodEnd` (exclusive).
 */
export const distributionDeclarations = pgTable(
  "distribution_declarations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tierId: refersTo("tier_id", () => investmentTiers.id),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    basis: text("basis").notNull(),
    poolKobo: kobo("pool_kobo"),
    rateBasisPoints: integer("rate_basis_points"),
    note: text("note"),
    status: text("status").notNull().default("awaiting_approval"),
    declaredBy: refersToUser("declared_by"),
    declaredAt: atNow("declared_at"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "restrict" }),
    decidedAt: at("decided_at"),
    rejectionReason: text("rejection_reason"),
    /** Written on approval: what the shares add up to, the kobo rounding left over (not paid), and the tax rate applied. */
    totalKobo: kobo("total_kobo"),
    remainderKobo: kobo("remainder_kobo"),
    withholdingBasisPoints: integer("withholding_basis_points"),
  },
  (t) => [
    check("distribution_declarations_status_check", sql`${t.status} in ('awaiting_approval', 'approved', 'rejected')`),
    check(
      "distribution_declarations_basis_check",
      sql`(${t.basis} = 'pool' and ${t.poolKobo} > 0 and ${t.rateBasisPoints} is null) or (${t.basis} = 'rate' and ${t.rateBasisPoints} > 0 and ${t.poolKobo} is null)`,
    ),
    check("distribution_declarations_period_check", sql`${t.periodEnd} > ${t.periodStart}`),
    // The second pair of eyes: whoever approves or rejects is not the declarer.
    check("distribution_declarations_four_eyes_check", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.declaredBy}`),
    index("distribution_declarations_tier_idx").on(t.tierId, t.periodStart),
  ],
);

/**
 * One investment's share of an approved distribution, and how it was paid: scheduled, sending (a provider transfer on
 * its way), paid, or reinvested (added to the investment, as its investor chose).
 */
export const distributionPayments = pgTable(
  "distribution_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    declarationId: refersTo("declaration_id", () => distributionDeclarations.id),
    investmentId: refersTo("investment_id", () => investments.id),
    userId: refersToUser("user_id"),
    days: integer("days").notNull(),
    grossKobo: kobo("gross_kobo").notNull(),
    withholdingKobo: kobo("withholding_kobo").notNull(),
    netKobo: kobo("net_kobo").notNull(),
    status: text("status").notNull().default("scheduled"),
    paidAt: at("paid_at"),
    /** The bank's reference of the transfer that paid it. */
    reference: text("reference"),
    paidBy: mayReferToUser("paid_by"),
    /** Our reference of the provider transfer while it is on its way or once paid; one per attempt. */
    transferReference: text("transfer_reference").unique(),
    transferAttempts: integer("transfer_attempts").notNull().default(0),
    /** Why the last transfer did not go through, for the admin who tries again. */
    transferNote: text("transfer_note"),
  },
  (t) => [
    check("distribution_payments_status_check", sql`${t.status} in ('scheduled', 'sending', 'paid', 'reinvested')`),
    check("distribution_payments_amounts_check", sql`${t.grossKobo} >= 0 and ${t.netKobo} = ${t.grossKobo} - ${t.withholdingKobo}`),
    check("distribution_payments_paid_check", sql`${t.status} <> 'paid' or (${t.paidAt} is not null and ${t.reference} is not null)`),
    unique("distribution_payments_once").on(t.declarationId, t.investmentId),
    index("distribution_payments_user_idx").on(t.userId),
  ],
);
