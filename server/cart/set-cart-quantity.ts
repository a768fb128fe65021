import type { TCartOwner, TCartWriteResult } from "@domain/cart/cart";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import type { TLine } from "../orders/purchasable-kind";
import { findPurchasableKind } from "../orders/purchasable-kinds";
import { afterCartWrite, lineOf } from "./add-to-cart";
import { cartOwnerCondition } from "./find-or-create-cart";
import { findCartLine, putCartLine, touchCart } from "./put-cart-line";
import { removeFromCart } from "./remove-from-cart";
import { carts } from "./schema";

const NOT_IN_CART = "This item is not in your cart";

/**
 * Set quantity (docs/product/store-and-orders.md#cart), for a line of any kind: 0 removes it (a negative number is
 * refused by the form's schema as bad input); more than its kind allows now is capped, and the message says so.
 */
export async function setCartQuantity(
  owner: TCartOwner,
  asked: Partial<TLine> & Pick<TLine, "kind" | "quantity">,
): Promise<TCartWriteResult> {
  if (asked.quantity <= 0) return removeFromCart(owner, asked);
  const kind = findPurchasableKind(asked.kind);
  const where = cartOwnerCondition(owner);
  if (!kind || !where) return refuse("not_found", NOT_IN_CART);
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(where).for("update");
    const held = cart ? await findCartLine(tx, cart.id, kind, lineOf(asked)) : null;
    if (!cart || !held) return refuse("not_found", NOT_IN_CART);
    // The kind is asked about the line as the cart holds it (a top-up's amount), at the quantity now wanted.
    const line = { ...held, quantity: asked.quantity };
    const offered = await kind.offer(tx, line, { userId: owner.userId ?? null });
    if (!offered.ok) return offered;
    if (offered.maxQuantity <= 0) return refuse("conflict", `${offered.name} is no longer available; please remove it from your cart`);
    const next = Math.min(line.quantity, offered.maxQuantity);
    await putCartLine(tx, cart.id, kind, line, next);
    await touchCart(tx, cart.id);
    const capped = next < line.quantity;
    const message = capped ? offered.capped(next) : `${offered.name}: quantity set to ${next}`;
    return succeed({ message, capped, ...(await afterCartWrite(owner, cart.id, tx)) });
  });
}
