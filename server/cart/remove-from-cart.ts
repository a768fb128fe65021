import { EMPTY_CART_SUMMARY, type TCartOwner, type TCartWriteResult } from "@domain/cart/cart";
import { succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import type { TLine } from "../orders/purchasable-kind";
import { findPurchasableKind } from "../orders/purchasable-kinds";
import { afterCartWrite, lineOf } from "./add-to-cart";
import { cartOwnerCondition } from "./find-or-create-cart";
import { sameLine, touchCart } from "./put-cart-line";
import { cartItems, carts } from "./schema";

const REMOVED = "Removed from your cart";

/**
 * Takes a line of any kind (its kind and identity) out of the owner's cart. Removing a line that is not there is not
 * an error (a double click).
 */
export async function removeFromCart(owner: TCartOwner, asked: Partial<TLine> & Pick<TLine, "kind">): Promise<TCartWriteResult> {
  const where = cartOwnerCondition(owner);
  const kind = findPurchasableKind(asked.kind);
  const nothing: TCartWriteResult = succeed({ message: REMOVED, capped: false, cart: EMPTY_CART_SUMMARY, guestCartId: null });
  if (!where || !kind) return nothing;
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(where).for("update");
    if (!cart) return nothing;
    await tx.delete(cartItems).where(sameLine(cart.id, kind, lineOf(asked)));
    // A removal is a change like any other: it renews a guest cart and ends an abandoned-cart record's reminders.
    await touchCart(tx, cart.id);
    return succeed({ message: REMOVED, capped: false, ...(await afterCartWrite(owner, cart.id, tx)) });
  });
}
