import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { findPurchasableKind } from "../orders/purchasable-kinds";
import { LINE_TARGET_COLUMNS } from "./cart-line-value";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartLineQuantity, putCartLine } from "./put-cart-line";
import { cartItems, carts } from "./schema";

export type TMergeResult = { merged: number; capped: number; dropped: number };

/**
 * At sign-in the guest's cart joins the user's (docs/product/store-and-orders.md#cart): quantities summed, each capped
 * at what the line's kind sells this person now (stock and per-order limit, a seat they can still take, an open
 * ZavCharge account), never lowering what the user's cart already held; lines that cannot be bought are dropped. The
 * guest cart is deleted. One transaction; the guest cart is locked first, so a second request merging the same cookie
 * finds nothing left to merge.
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
      .select({ kind: cartItems.kind, quantity: cartItems.quantity, ...LINE_TARGET_COLUMNS })
      .from(cartItems)
      .where(eq(cartItems.cartId, guest.id))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
    if (guestRows.length > 0) {
      const { cartId } = await findOrCreateCart({ userId }, tx);
      for (const line of guestRows) {
        // Summed with the user's own line and capped at what its kind sells this person now; never lowered. A line that
        // is one of a kind (a seat, a top-up) already in the user's cart stays theirs.
        const kind = findPurchasableKind(line.kind);
        const had = kind ? await cartLineQuantity(tx, cartId, kind, line) : 0;
        const max = kind ? await kind.buyableQuantity(tx, line, userId) : 0;
        const next = Math.max(had, Math.min(had + line.quantity, max));
        if (!kind || next === had) {
          result.dropped += 1;
          continue;
        }
        await putCartLine(tx, cartId, kind, line, next);
        result.merged += 1;
        if (next < had + line.quantity) result.capped += 1;
      }
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return result;
  });
}
