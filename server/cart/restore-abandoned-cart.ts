import { and, eq, sql } from "drizzle-orm";
import { targetOf } from "@domain/cart/cart";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import type { TLine } from "../orders/purchasable-kind";
import { findPurchasableKind } from "../orders/purchasable-kinds";
import { readCartRestoreToken } from "./cart-restore-token";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartLineQuantity, putCartLine } from "./put-cart-line";
import { cartAbandonments, carts } from "./schema";

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
    // Each saved line at least at its saved quantity and at most what its kind sells now; never lowered.
    for (const item of saved.items) {
      const kind = findPurchasableKind(item.kind);
      const line: TLine = { ...targetOf(item), kind: item.kind, quantity: item.quantity };
      const max = kind ? await kind.buyableQuantity(tx, line, userId) : 0;
      const before = kind ? await cartLineQuantity(tx, cartId, kind, line) : 0;
      const next = Math.max(before, Math.min(item.quantity, max));
      if (kind && next > before) await putCartLine(tx, cartId, kind, line, next);
      if (next > 0) result.restored += 1;
      else result.skipped.push(item.name);
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
