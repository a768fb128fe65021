import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { courseIntakes } from "../academy/schema";
import { productVariants } from "../catalog/schema";
import { zavchargeAccounts, zavchargePlans } from "../zavcharge/schema";

const kobo = (name: string) => bigint(name, { mode: "number" });

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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
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
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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
    /** What the line bought (docs/decisions/0013-one-cart-many-kinds.md): a store variant, a course intake, a wallet top-up or a plan renewal. */
    kind: text("kind").notNull().default("variant"),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    courseIntakeId: integer("course_intake_id").references(() => courseIntakes.id, { onDelete: "set null" }),
    zavchargeAccountId: integer("zavcharge_account_id").references(() => zavchargeAccounts.id, { onDelete: "set null" }),
    zavchargePlanId: integer("zavcharge_plan_id").references(() => zavchargePlans.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    variantName: text("variant_name").notNull(),
    sku: text("sku").notNull(),
    unitPriceKobo: integer("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalKobo: kobo("line_total_kobo").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_course_intake_idx").on(t.courseIntakeId),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_zavcharge_account_idx").on(t.zavchargeAccountId),
    check("order_items_kind_check", sql`${t.kind} in ('variant', 'course', 'wallet_topup', 'plan_renewal')`),
  ],
);

/** The status timeline: every transition, who made it and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** "Paystack webhook", "Reservation expiry job", or the staff member's name. */
    actorLabel: text("actor_label").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);
