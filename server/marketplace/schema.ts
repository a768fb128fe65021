import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, refersTo, kobo, payoutAccountColumns } from "../db/columns";
import { belongsToUser, mayReferToUser, users } from "../auth/schema";
import { orderItems, orders, subOrders } from "../orders/schema";

// The marketplace (docs/product/marketplace.md): applications to sell, and the sellers admins approved.

export const sellerApplications = pgTable(
  "seller_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsToUser("user_id"),
    kind: text("kind").notNull(),
    businessName: text("business_name").notNull(),
    bio: text("bio").notNull(),
    category: text("category").notNull(),
    phone: text("phone").notNull(),
    pickupState: text("pickup_state").notNull(),
    pickupLga: text("pickup_lga").notNull(),
    cacNumber: text("cac_number"),
    ...payoutAccountColumns,
    portfolioUrl: text("portfolio_url"),
    licenceBody: text("licence_body"),
    licenceNumber: text("licence_number"),
    status: text("status").notNull().default("pending"),
    /** The admin's reason for a rejection, or what more they asked for. */
    reviewNote: text("review_note"),
    reviewedBy: mayReferToUser("reviewed_by"),
    reviewedAt: at("reviewed_at"),
    submittedAt: atNow("submitted_at"),
    createdAt: atNow("created_at"),
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
    ...payoutAccountColumns,
    /** active: listings shown, payouts paid; suspended: listings hidden, payouts held. */
    status: text("status").notNull().default("active"),
    suspendedReason: text("suspended_reason"),
    suspendedAt: at("suspended_at"),
    approvedAt: atNow("approved_at"),
    /** The payment provider's transfer recipient for this payout account, made at the first transfer. */
    transferRecipientCode: text("transfer_recipient_code"),
  },
  (t) => [
    check("sellers_kind_check", sql`${t.kind} in ('seller', 'architect')`),
    check("sellers_status_check", sql`${t.status} in ('active', 'suspended')`),
  ],
);

/**
 * What sellers offer (docs/product/marketplace.md#listings). Public only when published and the seller is active.
 * A product has stock, a lead time and delivery options; a design has none (its files are sold as downloads).
 */
export const marketplaceListings = pgTable(
  "marketplace_listings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    priceKobo: kobo("price_kobo").notNull(),
    stock: integer("stock"),
    leadTimeDays: integer("lead_time_days"),
    delivery: text("delivery"),
    status: text("status").notNull().default("pending"),
    /** Staff's reason for a rejection. */
    reviewNote: text("review_note"),
    reviewedBy: mayReferToUser("reviewed_by"),
    reviewedAt: at("reviewed_at"),
    publishedAt: at("published_at"),
    submittedAt: atNow("submitted_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    check("marketplace_listings_kind_check", sql`${t.kind} in ('product', 'design')`),
    check("marketplace_listings_status_check", sql`${t.status} in ('pending', 'published', 'rejected', 'unpublished')`),
    check("marketplace_listings_price_check", sql`${t.priceKobo} > 0`),
    check(
      "marketplace_listings_kind_fields_check",
      sql`(${t.kind} = 'product' and ${t.stock} >= 0 and ${t.leadTimeDays} > 0 and ${t.delivery} in ('pickup', 'delivery', 'both'))
       or (${t.kind} = 'design' and ${t.stock} is null and ${t.leadTimeDays} is null and ${t.delivery} is null)`,
    ),
    index("marketplace_listings_status_idx").on(t.status, t.publishedAt),
    index("marketplace_listings_seller_idx").on(t.sellerId, t.createdAt),
  ],
);

/** A listing's photos (or a design's preview images), stored resized for the web in two widths. */
export const marketplaceListingPhotos = pgTable(
  "marketplace_listing_photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: belongsTo("listing_id", () => marketplaceListings.id),
    position: integer("position").notNull(),
    smallPath: text("small_path").notNull(),
    largePath: text("large_path").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  (t) => [index("marketplace_listing_photos_listing_idx").on(t.listingId, t.position)],
);

/** A design's files (plans, drawings), kept outside the public folders: buyers will download them through signed links. */
export const marketplaceDesignFiles = pgTable(
  "marketplace_design_files",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: belongsTo("listing_id", () => marketplaceListings.id),
    fileName: text("file_name").notNull(),
    storedName: text("stored_name").notNull(),
    fileType: text("file_type").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [unique("marketplace_design_files_stored_unique").on(t.storedName), index("marketplace_design_files_listing_idx").on(t.listingId)],
);

/** A buyer's request for a consultation with an architect or designer (docs/product/marketplace.md#consultations). */
export const consultationRequests = pgTable(
  "consultation_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    userId: belongsToUser("user_id"),
    brief: text("brief").notNull(),
    budgetKobo: kobo("budget_kobo").notNull(),
    state: text("state").notNull(),
    city: text("city").notNull(),
    status: text("status").notNull().default("pending"),
    /** The architect's answer: how they will follow up, or why they decline. */
    reply: text("reply"),
    decidedAt: at("decided_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    check("consultation_requests_status_check", sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check("consultation_requests_budget_check", sql`${t.budgetKobo} > 0`),
    index("consultation_requests_seller_idx").on(t.sellerId, t.status, t.createdAt),
    index("consultation_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Stock a placed order holds on a seller's product (docs/product/marketplace.md#buying): taken from the listing's
 * stock when the order is placed, given back once if it is cancelled (released_at set).
 */
export const marketplaceStockHolds = pgTable(
  "marketplace_stock_holds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    listingId: belongsTo("listing_id", () => marketplaceListings.id),
    quantity: integer("quantity").notNull(),
    releasedAt: at("released_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    unique("marketplace_stock_holds_order_listing_unique").on(t.orderId, t.listingId),
    check("marketplace_stock_holds_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/**
 * What a seller earns from one paid part of an order (docs/product/marketplace.md#earnings): recorded when the order
 * is paid, available once the part is delivered and the refund window after it has passed, reversed by a refund.
 */
export const marketplaceEarnings = pgTable(
  "marketplace_earnings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    subOrderId: integer("sub_order_id")
      .notNull()
      .unique()
      .references(() => subOrders.id, { onDelete: "restrict" }),
    amountKobo: kobo("amount_kobo").notNull(),
    commissionKobo: kobo("commission_kobo").notNull(),
    /** held: waiting for delivery and the refund window; reversed: the part was refunded. */
    status: text("status").notNull().default("held"),
    availableAt: at("available_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    check("marketplace_earnings_status_check", sql`${t.status} in ('held', 'reversed')`),
    check("marketplace_earnings_amount_check", sql`${t.amountKobo} >= 0 and ${t.commissionKobo} >= 0`),
    index("marketplace_earnings_seller_idx").on(t.sellerId, t.createdAt),
  ],
);

/** A seller's request to be paid from their available balance, and how an admin settled it. */
export const marketplacePayouts = pgTable(
  "marketplace_payouts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    amountKobo: kobo("amount_kobo").notNull(),
    status: text("status").notNull().default("requested"),
    /** The bank account as it was when the payout was requested. */
    bankCode: text("bank_code").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    bankReference: text("bank_reference"),
    /** Ours, sent to the provider when the payout goes through its transfer API; unique, so it is sent once. */
    transferReference: text("transfer_reference").unique(),
    note: text("note"),
    requestedBy: mayReferToUser("requested_by"),
    decidedBy: mayReferToUser("decided_by"),
    requestedAt: atNow("requested_at"),
    decidedAt: at("decided_at"),
  },
  (t) => [
    check("marketplace_payouts_status_check", sql`${t.status} in ('requested', 'sending', 'paid', 'declined', 'failed')`),
    check("marketplace_payouts_amount_check", sql`${t.amountKobo} > 0`),
    index("marketplace_payouts_seller_idx").on(t.sellerId, t.requestedAt),
    index("marketplace_payouts_status_idx").on(t.status, t.requestedAt),
  ],
);

/**
 * A buyer's right to download a design they paid for (docs/product/marketplace.md#downloads): a limited number of
 * downloads through short-lived signed links; revoked when the purchase is refunded.
 */
export const marketplaceDownloadGrants = pgTable(
  "marketplace_download_grants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    listingId: refersTo("listing_id", () => marketplaceListings.id),
    orderItemId: integer("order_item_id")
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    downloadsUsed: integer("downloads_used").notNull().default(0),
    maxDownloads: integer("max_downloads").notNull(),
    revokedAt: at("revoked_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    check("marketplace_download_grants_count_check", sql`${t.downloadsUsed} >= 0 and ${t.downloadsUsed} <= ${t.maxDownloads}`),
    index("marketplace_download_grants_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A buyer's review of a listing they received (docs/product/marketplace.md#reviews): one per listing per part of an
 * order, 1 to 5 stars; the seller may answer once; staff may hide an abusive one with a reason.
 */
export const marketplaceReviews = pgTable(
  "marketplace_reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subOrderId: belongsTo("sub_order_id", () => subOrders.id),
    listingId: belongsTo("listing_id", () => marketplaceListings.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    userId: belongsToUser("user_id"),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    reply: text("reply"),
    repliedAt: at("replied_at"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: mayReferToUser("hidden_by"),
    hiddenAt: at("hidden_at"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    unique("marketplace_reviews_part_listing_unique").on(t.subOrderId, t.listingId),
    check("marketplace_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    index("marketplace_reviews_listing_idx").on(t.listingId, t.createdAt),
    index("marketplace_reviews_seller_idx").on(t.sellerId, t.createdAt),
  ],
);

/**
 * Messages between a buyer and a seller about one part of an order (docs/product/marketplace.md#messages): text, a
 * photo (stored resized like listing photos), or both.
 */
export const marketplaceMessages = pgTable(
  "marketplace_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subOrderId: belongsTo("sub_order_id", () => subOrders.id),
    senderUserId: belongsToUser("sender_user_id"),
    body: text("body").notNull().default(""),
    photoSmall: text("photo_small"),
    photoLarge: text("photo_large"),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("marketplace_messages_part_idx").on(t.subOrderId, t.createdAt),
    check("marketplace_messages_content_check", sql`${t.body} <> '' or ${t.photoSmall} is not null`),
  ],
);

/** Listings a signed-in buyer saved for later (docs/product/marketplace.md#saved-listings), newest first. */
export const marketplaceSavedListings = pgTable(
  "marketplace_saved_listings",
  {
    userId: belongsToUser("user_id"),
    listingId: belongsTo("listing_id", () => marketplaceListings.id),
    savedAt: atNow("saved_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index("marketplace_saved_listings_user_idx").on(t.userId, t.savedAt)],
);
