import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, mayReferTo, kobo } from "../db/columns";
import { refersToUser, mayReferToUser } from "../auth/schema";
import { courseIntakes } from "../academy/schema";
import { productVariants } from "../catalog/schema";
import { zavchargeAccounts, zavchargePlans } from "../zavcharge/schema";
import { marketplaceListings, sellers } from "../marketplace/schema";

/**
 * Store orders (docs/product/store-and-orders.md). Amounts are computed by the server at checkout and frozen here;
 * status moves only through app/lib/order-status.ts, each move recorded in order_events.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shown to people as ZV-100001. */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
    userId: refersToUser("user_id"),
    status: text("status").notNull().default("pending_payment"),
    paymentMethod: text("payment_method").notNull(),
    email: text("email").notNull(),
    customerName: text("customer_name").notNull(),
    phone: text("phone").notNull(),
    addressLine: text("address_line").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    deliveryMethod: text("delivery_method").notNull(),
    deliveryDays: integer("delivery_days").notNull(),
    subtotalKobo: kobo("subtotal_kobo").notNull(),
    discountKobo: kobo("discount_kobo").notNull().default(0),
    shippingKobo: kobo("shipping_kobo").notNull(),
    vatKobo: kobo("vat_kobo").notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    /** One per checkout form: a double click or a refresh finds the order it already made. */
    checkoutKey: text("checkout_key").notNull().unique(),
    /** The old system's order number, for an order brought over by the data migration (docs/product/data-migration.md#orders). */
    importedReference: text("imported_reference").unique(),
    paidAt: at("paid_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    ),
    check("orders_payment_method_check", sql`${t.paymentMethod} in ('paystack', 'flutterwave', 'bank_transfer', 'pay_on_delivery')`),
    check("orders_delivery_method_check", sql`${t.deliveryMethod} in ('standard', 'express')`),
    check(
      "orders_amounts_check",
      sql`${t.subtotalKobo} > 0 and ${t.totalKobo} > 0 and ${t.shippingKobo} >= 0 and ${t.vatKobo} >= 0 and ${t.discountKobo} >= 0`,
    ),
  ],
);

/** Lines as they were bought: name and price are copied so later catalogue edits do not change old orders. */
export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** What the line bought (docs/decisions/0013-one-cart-many-kinds.md): a registered kind of purchase, with its target columns. */
    kind: text("kind").notNull().default("variant"),
    variantId: mayReferTo("variant_id", () => productVariants.id),
    courseIntakeId: mayReferTo("course_intake_id", () => courseIntakes.id),
    zavchargeAccountId: mayReferTo("zavcharge_account_id", () => zavchargeAccounts.id),
    zavchargePlanId: mayReferTo("zavcharge_plan_id", () => zavchargePlans.id),
    listingId: mayReferTo("listing_id", () => marketplaceListings.id),
    /** Any other kind's own reference to what was bought (docs/decisions/0013-one-cart-many-kinds.md#how-to-add-a-kind). */
    itemRef: text("item_ref"),
    /** The seller's part of the order this line belongs to (docs/product/marketplace.md#buying). */
    subOrderId: integer("sub_order_id").references(() => subOrders.id, { onDelete: "cascade" }),
    /** The marketplace's commission on this line, fixed at the time of sale; 0 for the house's own lines. */
    commissionKobo: kobo("commission_kobo").notNull().default(0),
    productName: text("product_name").notNull(),
    variantName: text("variant_name").notNull(),
    sku: text("sku").notNull(),
    unitPriceKobo: integer("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalKobo: kobo("line_total_kobo").notNull(),
    /** Whether the line is delivered (goods), so its refund window starts at delivery (refer-and-earn.md#commissions). */
    ships: boolean("ships").notNull().default(true),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_course_intake_idx").on(t.courseIntakeId),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_zavcharge_account_idx").on(t.zavchargeAccountId),
    // The kinds are the registered ones (server/orders/purchasable-kinds.ts); the database only keeps the name well formed.
    check("order_items_kind_check", sql`${t.kind} ~ '^[a-z][a-z_]{1,30}$'`),
    check("order_items_commission_check", sql`${t.commissionKobo} >= 0 and ${t.commissionKobo} <= ${t.lineTotalKobo}`),
    index("order_items_sub_order_idx").on(t.subOrderId),
  ],
);

/** A timeline row's move (an order's, a seller's part's): from which status to which, who made it, and the note. */
const timelineMove = () => ({
  fromStatus: text("from_status"),
  toStatus: text("to_status").notNull(),
  actorUserId: mayReferToUser("actor_user_id"),
  /** "Paystack webhook", "Reservation expiry job", or the staff member's name. */
  actorLabel: text("actor_label").notNull(),
  note: text("note"),
  createdAt: atNow("created_at"),
});

/** The status timeline: every transition, who made it and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ...timelineMove(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * One seller's part of an order (docs/product/marketplace.md#buying): its lines, delivery fee, status and timeline.
 * The house's part (seller_id null) moves with the order; a seller's part moves when the seller accepts, ships and
 * delivers it. `position` numbers the parts of one order: ZV-100012-2.
 */
export const subOrders = pgTable(
  "sub_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id").references(() => sellers.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    status: text("status").notNull().default("pending_payment"),
    subtotalKobo: kobo("subtotal_kobo").notNull(),
    shippingKobo: kobo("shipping_kobo").notNull(),
    /** The marketplace's commission on the part's lines; the seller earns subtotal - commission + shipping. */
    commissionKobo: kobo("commission_kobo").notNull().default(0),
    trackingNote: text("tracking_note"),
    deliveredAt: at("delivered_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    unique("sub_orders_order_position_unique").on(t.orderId, t.position),
    index("sub_orders_seller_idx").on(t.sellerId, t.status, t.createdAt),
    check(
      "sub_orders_status_check",
      sql`${t.status} in ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    ),
    check(
      "sub_orders_amounts_check",
      sql`${t.subtotalKobo} > 0 and ${t.shippingKobo} >= 0 and ${t.commissionKobo} >= 0 and ${t.commissionKobo} <= ${t.subtotalKobo}`,
    ),
  ],
);

/** A seller's part's timeline: every move, who made it and the note (a tracking note when shipped). */
export const subOrderEvents = pgTable(
  "sub_order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subOrderId: belongsTo("sub_order_id", () => subOrders.id),
    ...timelineMove(),
  },
  (t) => [index("sub_order_events_sub_order_idx").on(t.subOrderId, t.createdAt)],
);
