import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { at, atNow, kobo } from "../db/columns";
import type { TAbandonedItem, TAbandonmentStatus } from "@domain/cart/abandoned-carts";
import { belongsToUser, users } from "../auth/schema";
import { orders } from "../orders/schema";
import { courseIntakes } from "../academy/schema";
import { productVariants } from "../catalog/schema";
import { zavchargeAccounts, zavchargePlans } from "../zavcharge/schema";
import { marketplaceListings } from "../marketplace/schema";

/**
 * Server-side carts (docs/product/store-and-orders.md#cart). A guest's cart is found by its random id in a cookie, a signed-in
 * user's by user id; at sign-in the guest cart is merged into the user's and deleted.
 */
export const carts = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: atNow("created_at"),
  updatedAt: atNow("updated_at"),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** What the line buys (docs/decisions/0013-one-cart-many-kinds.md): a registered kind of purchase; the columns below say which one. */
    kind: text("kind").notNull().default("variant"),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    courseIntakeId: integer("course_intake_id").references(() => courseIntakes.id, { onDelete: "cascade" }),
    /** The ZavCharge account a top-up or a renewal is for. */
    zavchargeAccountId: integer("zavcharge_account_id").references(() => zavchargeAccounts.id, { onDelete: "cascade" }),
    zavchargePlanId: integer("zavcharge_plan_id").references(() => zavchargePlans.id, { onDelete: "cascade" }),
    /** A marketplace listing: a seller's product (with a quantity) or a design (one copy). */
    listingId: integer("listing_id").references(() => marketplaceListings.id, { onDelete: "cascade" }),
    /** Any other kind's own reference to what the line buys (docs/decisions/0013-one-cart-many-kinds.md#how-to-add-a-kind). */
    itemRef: text("item_ref"),
    /** A top-up's amount, chosen by the driver (the only line whose price is not read from a catalogue). */
    amountKobo: kobo("amount_kobo"),
    quantity: integer("quantity").notNull(),
    addedAt: atNow("added_at"),
  },
  (t) => [
    unique("cart_items_cart_variant_unique").on(t.cartId, t.variantId),
    unique("cart_items_cart_course_intake_unique").on(t.cartId, t.courseIntakeId),
    unique("cart_items_cart_listing_unique").on(t.cartId, t.listingId),
    unique("cart_items_cart_zavcharge_unique").on(t.cartId, t.kind, t.zavchargeAccountId),
    unique("cart_items_cart_item_ref_unique").on(t.cartId, t.kind, t.itemRef),
    index("cart_items_cart_idx").on(t.cartId),
    check("cart_items_quantity_check", sql`${t.quantity} > 0`),
    check("cart_items_kind_check", sql`${t.kind} ~ '^[a-z][a-z_]{1,30}$'`),
    check(
      "cart_items_kind_target_check",
      sql`(${t.kind} = 'variant' and ${t.variantId} is not null and ${t.listingId} is null and ${t.courseIntakeId} is null and ${t.zavchargeAccountId} is null)
       or (${t.kind} = 'course' and ${t.courseIntakeId} is not null and ${t.variantId} is null and ${t.zavchargeAccountId} is null and ${t.quantity} = 1)
       or (${t.kind} = 'wallet_topup' and ${t.zavchargeAccountId} is not null and ${t.amountKobo} > 0 and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.zavchargePlanId} is null and ${t.quantity} = 1)
       or (${t.kind} = 'plan_renewal' and ${t.zavchargeAccountId} is not null and ${t.zavchargePlanId} is not null and ${t.amountKobo} is null and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.quantity} = 1)
       or (${t.kind} = 'listing' and ${t.listingId} is not null and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.zavchargeAccountId} is null and ${t.amountKobo} is null)
       or (${t.kind} not in ('variant', 'course', 'wallet_topup', 'plan_renewal', 'listing') and ${t.itemRef} is not null and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.zavchargeAccountId} is null and ${t.listingId} is null)`,
    ),
  ],
);

/**
 * A signed-in customer's cart left untouched (docs/product/store-and-orders.md#abandoned-carts): one record per cart and
 * last touch, with the lines as they were, the reminders sent and the order that recovered it. The cart context
 * writes it; the orders context marks recovery through recordCartRecovery, inside the order's transaction.
 */
export const cartAbandonments = pgTable(
  "cart_abandonments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    userId: belongsToUser("user_id"),
    email: text("email").notNull(),
    customerName: text("customer_name").notNull(),
    items: jsonb("items").$type<TAbandonedItem[]>().notNull(),
    valueKobo: kobo("value_kobo").notNull(),
    /** The cart's last change, to the millisecond: when it was left. A new record needs a newer touch. */
    abandonedAt: at("abandoned_at").notNull(),
    recordedAt: at("recorded_at").notNull(),
    /** open: reminders may still go out; ended (end_reason says why); recovered (by recovered_order_id). */
    status: text("status").$type<TAbandonmentStatus>().notNull().default("open"),
    endReason: text("end_reason"),
    endedAt: at("ended_at"),
    /** Agreed to marketing, or reminded as an account holder; null when not remindable. */
    consentBasis: text("consent_basis"),
    remindersSent: integer("reminders_sent").notNull().default(0),
    firstReminderAt: at("first_reminder_at"),
    lastReminderAt: at("last_reminder_at"),
    /** The first time the person opened the link back to the cart. */
    restoredAt: at("restored_at"),
    recoveredOrderId: uuid("recovered_order_id").references(() => orders.id, { onDelete: "set null" }),
    recoveredValueKobo: kobo("recovered_value_kobo"),
    recoveredAt: at("recovered_at"),
  },
  (t) => [
    unique("cart_abandonments_cart_touch_unique").on(t.cartId, t.abandonedAt),
    unique("cart_abandonments_order_unique").on(t.recoveredOrderId),
    index("cart_abandonments_user_idx").on(t.userId),
    index("cart_abandonments_abandoned_idx").on(t.abandonedAt),
    check("cart_abandonments_status_check", sql`${t.status} in ('open', 'ended', 'recovered')`),
    check("cart_abandonments_reminders_check", sql`${t.remindersSent} between 0 and 2`),
    check("cart_abandonments_consent_check", sql`${t.consentBasis} is null or ${t.consentBasis} in ('agreed', 'account')`),
  ],
);
