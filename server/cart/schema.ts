import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** What the line buys (docs/decisions/0013-one-cart-many-kinds.md): a store variant, a course intake, a wallet top-up or a plan renewal. */
    kind: text("kind").notNull().default("variant"),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    courseIntakeId: integer("course_intake_id").references(() => courseIntakes.id, { onDelete: "cascade" }),
    /** The ZavCharge account a top-up or a renewal is for. */
    zavchargeAccountId: integer("zavcharge_account_id").references(() => zavchargeAccounts.id, { onDelete: "cascade" }),
    zavchargePlanId: integer("zavcharge_plan_id").references(() => zavchargePlans.id, { onDelete: "cascade" }),
    /** A marketplace listing: a seller's product (with a quantity) or a design (one copy). */
    listingId: integer("listing_id").references(() => marketplaceListings.id, { onDelete: "cascade" }),
    /** A top-up's amount, chosen by the driver (the only line whose price is not read from a catalogue). */
    amountKobo: bigint("amount_kobo", { mode: "number" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_items_cart_variant_unique").on(t.cartId, t.variantId),
    unique("cart_items_cart_course_intake_unique").on(t.cartId, t.courseIntakeId),
    unique("cart_items_cart_listing_unique").on(t.cartId, t.listingId),
    unique("cart_items_cart_zavcharge_unique").on(t.cartId, t.kind, t.zavchargeAccountId),
    index("cart_items_cart_idx").on(t.cartId),
    check("cart_items_quantity_check", sql`${t.quantity} > 0`),
    check("cart_items_kind_check", sql`${t.kind} in ('variant', 'course', 'wallet_topup', 'plan_renewal', 'listing')`),
    check(
      "cart_items_kind_target_check",
      sql`(${t.kind} = 'variant' and ${t.variantId} is not null and ${t.listingId} is null and ${t.courseIntakeId} is null and ${t.zavchargeAccountId} is null)
       or (${t.kind} = 'course' and ${t.courseIntakeId} is not null and ${t.variantId} is null and ${t.zavchargeAccountId} is null and ${t.quantity} = 1)
       or (${t.kind} = 'wallet_topup' and ${t.zavchargeAccountId} is not null and ${t.amountKobo} > 0 and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.zavchargePlanId} is null and ${t.quantity} = 1)
       or (${t.kind} = 'plan_renewal' and ${t.zavchargeAccountId} is not null and ${t.zavchargePlanId} is not null and ${t.amountKobo} is null and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.quantity} = 1)
       or (${t.kind} = 'listing' and ${t.listingId} is not null and ${t.variantId} is null and ${t.courseIntakeId} is null and ${t.zavchargeAccountId} is null and ${t.amountKobo} is null)`,
    ),
  ],
);
