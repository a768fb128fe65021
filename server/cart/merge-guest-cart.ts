import { and, eq, inArray, isNull } from "drizzle-orm";
import { findEnrolableIntake } from "../academy/find-enrolable-intake";
import { getDb } from "../db/client";
import { writeCartLine } from "./add-to-cart";
import { describeListingsForCart, listingMaxQuantity, listingRefusal } from "../marketplace/describe-listings-for-cart";
import { writeListingLine } from "./listing-lines";
import { findBuyableVariants } from "./buyable-variants";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

export type TMergeResult = { merged: number; capped: number; dropped: number };

/**
 * At sign-in the guest's cart joins the user's (issue 4): quantities summed, each capped at min(max per
 * order, available), never lowering what the user's cart already held; out-of-stock or withdrawn guest
 * lines are dropped; a course seat joins when the user can still buy it (not already enrolled). The guest cart is deleted. One transaction; the guest cart is locked first, so a
 * second request merging the same cookie finds nothing left to merge.
 */
export async function mergeGuestCart(guestCartId: string, userId: string): Promise<TMergeResult> {
  return getDb().transaction(async (tx) => {
    const result: TMergeResult = { merged: 0, capped: 0, dropped: 0 };
    const [guest] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, guestCartId), isNull(carts.userId)))
      .for("update");
    if (!guest) return result;
    const guestRows = await tx
      .select({
        kind: cartItems.kind,
        variantId: cartItems.variantId,
        courseIntakeId: cartItems.courseIntakeId,
        quantity: cartItems.quantity,
        zavchargeAccountId: cartItems.zavchargeAccountId,
        zavchargePlanId: cartItems.zavchargePlanId,
        amountKobo: cartItems.amountKobo,
        listingId: cartItems.listingId,
      })
      .from(cartItems)
      .where(eq(cartItems.cartId, guest.id));
    const guestLines = guestRows.flatMap((l) => (l.variantId ? [{ variantId: l.variantId, quantity: l.quantity }] : []));
    const guestCourses = guestRows.flatMap((l) => (l.courseIntakeId ? [l.courseIntakeId] : []));
    if (guestCourses.length > 0) {
      // A seat the user can no longer buy (already enrolled, closed, full) is dropped; one already in their cart stays one.
      const { cartId } = await findOrCreateCart({ userId }, tx);
      for (const intakeId of guestCourses) {
        const buyable = await findEnrolableIntake(tx, { userId, intakeId });
        const inserted = buyable.ok
          ? await tx
              .insert(cartItems)
              .values({ cartId, kind: "course", courseIntakeId: intakeId, quantity: 1 })
              .onConflictDoNothing()
              .returning({ id: cartItems.id })
          : [];
        if (inserted.length > 0) result.merged += 1;
        else result.dropped += 1;
      }
    }
    // A ZavCharge top-up or renewal (a PIN session's, docs/product/zavcharge.md#wallet) moves as it is; the user's own
    // line for the same account and kind wins.
    const guestZavCharge = guestRows.filter((l) => l.zavchargeAccountId !== null);
    if (guestZavCharge.length > 0) {
      const { cartId } = await findOrCreateCart({ userId }, tx);
      for (const l of guestZavCharge) {
        const inserted = await tx
          .insert(cartItems)
          .values({
            cartId,
            kind: l.kind,
            zavchargeAccountId: l.zavchargeAccountId,
            zavchargePlanId: l.zavchargePlanId,
            amountKobo: l.amountKobo,
            quantity: 1,
          })
          .onConflictDoNothing()
          .returning({ id: cartItems.id });
        if (inserted.length > 0) result.merged += 1;
        else result.dropped += 1;
      }
    }
    if (guestLines.length > 0) {
      const ids = guestLines.map((l) => l.variantId);
      const { cartId } = await findOrCreateCart({ userId }, tx);
      const mine = await tx
        .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.variantId, ids)));
      const current = new Map(mine.map((l) => [l.variantId!, l.quantity]));
      const buyable = await findBuyableVariants(ids, tx);
      for (const line of guestLines) {
        const had = current.get(line.variantId) ?? 0;
        const max = buyable.get(line.variantId)?.maxQuantity ?? 0;
        const next = Math.max(had, Math.min(had + line.quantity, max));
        if (next === had) {
          result.dropped += 1;
          continue;
        }
        await writeCartLine(tx, cartId, line.variantId, next);
        result.merged += 1;
        if (next < had + line.quantity) result.capped += 1;
      }
    }
    // Marketplace lines join capped at what can be bought now; the user's own listing or one no longer for sale is dropped.
    const guestListings = guestRows.flatMap((l) => (l.listingId ? [{ listingId: l.listingId, quantity: l.quantity }] : []));
    if (guestListings.length > 0) {
      const { cartId } = await findOrCreateCart({ userId }, tx);
      const listings = await describeListingsForCart(
        tx,
        guestListings.map((l) => l.listingId),
      );
      const mine = await tx
        .select({ listingId: cartItems.listingId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.kind, "listing")));
      const had = new Map(mine.map((l) => [l.listingId!, l.quantity]));
      for (const line of guestListings) {
        const listing = listings.get(line.listingId);
        const before = had.get(line.listingId) ?? 0;
        const max = listing && !listingRefusal(listing, userId) ? listingMaxQuantity(listing) : 0;
        const next = Math.max(before, Math.min(before + line.quantity, max));
        if (next === before) {
          result.dropped += 1;
          continue;
        }
        await writeListingLine(tx, cartId, line.listingId, next);
        result.merged += 1;
        if (next < before + line.quantity) result.capped += 1;
      }
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return result;
  });
}
