import { and, eq, ne, sql } from "drizzle-orm";
import type { TAbandonedItem } from "@domain/cart/abandoned-carts";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { findEnrolableIntake } from "../academy/find-enrolable-intake";
import { getDb, type DbOrTx } from "../db/client";
import { describeListingsForCart, listingMaxQuantity, listingRefusal } from "../marketplace/describe-listings-for-cart";
import { zavchargeAccounts, zavchargePlans } from "../zavcharge/schema";
import { writeCartLine } from "./add-to-cart";
import { findBuyableVariants } from "./buyable-variants";
import { readCartRestoreToken } from "./cart-restore-token";
import { findOrCreateCart } from "./find-or-create-cart";
import { writeListingLine } from "./listing-lines";
import { cartAbandonments, cartItems, carts } from "./schema";

export const RESTORE_LINK_NOT_FOUND = "This link does not open a saved cart";

export type TRestoredCart = {
  /** Lines of the saved cart that are in the cart now. */
  restored: number;
  /** Names of the lines that can no longer be bought, left out. */
  skipped: string[];
};

/**
 * The link in a cart reminder (docs/product/store-and-orders.md#abandoned-carts): the saved lines go back into the
 * signed-in person's cart, each at least at its saved quantity and at most what can be bought now, at today's price;
 * lines no longer for sale are left out and named. A line already in the cart is never lowered, so opening the link
 * twice changes nothing the second time. Only the person the link was sent to can use it.
 */
export async function restoreAbandonedCart(token: string, userId: string, now = new Date()): Promise<TResult<TRestoredCart>> {
  const id = readCartRestoreToken(token);
  if (id === null) return refuse("not_found", RESTORE_LINK_NOT_FOUND);
  return getDb().transaction(async (tx): Promise<TResult<TRestoredCart>> => {
    const [saved] = await tx
      .select({ userId: cartAbandonments.userId, items: cartAbandonments.items })
      .from(cartAbandonments)
      .where(eq(cartAbandonments.id, id));
    if (!saved) return refuse("not_found", RESTORE_LINK_NOT_FOUND);
    if (saved.userId !== userId)
      return refuse("forbidden", "This link was sent to another account. Sign in with the account that received the e-mail.");

    const { cartId } = await findOrCreateCart({ userId }, tx);
    const result: TRestoredCart = { restored: 0, skipped: [] };
    const put = (done: boolean, item: TAbandonedItem) => (done ? (result.restored += 1) : result.skipped.push(item.name));
    const had = new Map(
      (
        await tx
          .select({ kind: cartItems.kind, variantId: cartItems.variantId, listingId: cartItems.listingId, quantity: cartItems.quantity })
          .from(cartItems)
          .where(eq(cartItems.cartId, cartId))
      ).map((l) => [`${l.kind}-${l.variantId ?? l.listingId}`, l.quantity]),
    );

    const variants = await findBuyableVariants(
      saved.items.flatMap((i) => (i.kind === "variant" && i.variantId ? [i.variantId] : [])),
      tx,
    );
    const listings = await describeListingsForCart(
      tx,
      saved.items.flatMap((i) => (i.kind === "listing" && i.listingId ? [i.listingId] : [])),
    );
    for (const item of saved.items) {
      if (item.kind === "variant" && item.variantId) {
        const max = variants.get(item.variantId)?.maxQuantity ?? 0;
        const before = had.get(`variant-${item.variantId}`) ?? 0;
        const next = Math.max(before, Math.min(item.quantity, max));
        if (next > before) await writeCartLine(tx, cartId, item.variantId, next);
        put(next > 0, item);
      } else if (item.kind === "listing" && item.listingId) {
        const listing = listings.get(item.listingId);
        const max = listing && !listingRefusal(listing, userId) ? listingMaxQuantity(listing) : 0;
        const before = had.get(`listing-${item.listingId}`) ?? 0;
        const next = Math.max(before, Math.min(item.quantity, max));
        if (next > before) await writeListingLine(tx, cartId, item.listingId, next);
        put(next > 0, item);
      } else if (item.kind === "course" && item.courseIntakeId) {
        const enrolable = await findEnrolableIntake(tx, { userId, intakeId: item.courseIntakeId });
        if (enrolable.ok)
          await tx
            .insert(cartItems)
            .values({ cartId, kind: "course", courseIntakeId: item.courseIntakeId, quantity: 1 })
            .onConflictDoNothing();
        put(enrolable.ok, item);
      } else if ((item.kind === "wallet_topup" || item.kind === "plan_renewal") && item.zavchargeAccountId) {
        const open = await zavchargeLineOpen(tx, item);
        if (open)
          await tx
            .insert(cartItems)
            .values({
              cartId,
              kind: item.kind,
              zavchargeAccountId: item.zavchargeAccountId,
              zavchargePlanId: item.kind === "plan_renewal" ? item.zavchargePlanId : null,
              amountKobo: item.kind === "wallet_topup" ? item.amountKobo : null,
              quantity: 1,
            })
            .onConflictDoNothing();
        put(open, item);
      } else {
        put(false, item);
      }
    }
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    await tx
      .update(cartAbandonments)
      .set({ restoredAt: now })
      .where(and(eq(cartAbandonments.id, id), sql`${cartAbandonments.restoredAt} is null`));
    return succeed(result);
  });
}

/** A top-up needs its account still open; a renewal also needs its plan still offered. */
async function zavchargeLineOpen(tx: DbOrTx, item: TAbandonedItem): Promise<boolean> {
  const [account] = await tx
    .select({ id: zavchargeAccounts.id })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.id, item.zavchargeAccountId!), ne(zavchargeAccounts.status, "closed")));
  if (!account) return false;
  if (item.kind === "wallet_topup") return (item.amountKobo ?? 0) > 0;
  if (!item.zavchargePlanId) return false;
  const [plan] = await tx
    .select({ id: zavchargePlans.id })
    .from(zavchargePlans)
    .where(and(eq(zavchargePlans.id, item.zavchargePlanId), eq(zavchargePlans.active, true)));
  return !!plan;
}
