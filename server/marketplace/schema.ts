import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";

// The marketplace (docs/product/marketplace.md): applications to sell, and the sellers admins approved.

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A payout account as the applicant gave it; `accountVerified` when the payment provider resolved the name. */
const payoutAccount = {
  bankCode: text("bank_code").notNull(),
  accountNumber: text("account_number").notNull(),
  accountName: text("account_name").notNull(),
  accountVerified: boolean("account_verified").notNull().default(false),
};

export const sellerApplications = pgTable(
  "seller_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    businessName: text("business_name").notNull(),
    bio: text("bio").notNull(),
    category: text("category").notNull(),
    phone: text("phone").notNull(),
    pickupState: text("pickup_state").notNull(),
    pickupLga: text("pickup_lga").notNull(),
    cacNumber: text("cac_number"),
    ...payoutAccount,
    portfolioUrl: text("portfolio_url"),
    licenceBody: text("licence_body"),
    licenceNumber: text("licence_number"),
    status: text("status").notNull().default("pending"),
    /** The admin's reason for a rejection, or what more they asked for. */
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: at("reviewed_at"),
    submittedAt: at("submitted_at").notNull().defaultNow(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("seller_applications_kind_check", sql`${t.kind} in ('seller', 'architect')`),
    check("seller_applications_status_check", sql`${t.status} in ('pending', 'needs_info', 'approved', 'rejected')`),
    // One open application per person, whatever they apply as.
    uniqueIndex("seller_applications_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'needs_info')`),
    index("seller_applications_status_idx").on(t.status, t.submittedAt),
  ],
);

export const sellers = pgTable(
  "sellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id").references(() => sellerApplications.id, { onDelete: "set null" }),
    slug: text("slug").notNull().unique(),
    kind: text("kind").notNull(),
    displayName: text("display_name").notNull(),
    bio: text("bio").notNull(),
    category: text("category").notNull(),
    phone: text("phone").notNull(),
    pickupState: text("pickup_state").notNull(),
    pickupLga: text("pickup_lga").notNull(),
    ...payoutAccount,
    /** active: listings shown, payouts paid; suspended: listings hidden, payouts held. */
    status: text("status").notNull().default("active"),
    suspendedReason: text("suspended_reason"),
    suspendedAt: at("suspended_at"),
    approvedAt: at("approved_at").notNull().defaultNow(),
  },
  (t) => [
    check("sellers_kind_check", sql`${t.kind} in ('seller', 'architect')`),
    check("sellers_status_check", sql`${t.status} in ('active', 'suspended')`),
  ],
);
