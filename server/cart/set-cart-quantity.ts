import { and, eq } from "drizzle-orm";
import { capMessage, type TCartOwner, type TCartWriteResult } from "@domain/cart/cart";
import type { TSetCartQuantity } from "@domain/cart/cart-input";
import { refuse, succeed } from "@domain/errors/app-error";
import { lineName } from "@domain/catalog/line-name";
import { getDb } from "../db/client";
import { afterCartWrite, writeCartLine } from "./add-to-cart";
import { findBuyableVariants } from "./buyable-variants";
import { cartOwnerCondition } from "./find-or-create-cart";
import { removeFromCart } from "./remove-from-cart";
import { cartItems, carts } from "./schema";

/**
 * Set quantity (docs/product/store-and-orders.md#cart): 0 removes the line (a negative number is refused by ZSetCartQuantity as bad input);
 * more than the line may hold is capped at min(max per order, available), and the message says so.
 */
export async function setCartQuantity(owner: TCartOwner, { variantId, quantity }: TSetCartQuantity): Promise<TCartWriteResult> {
  if (quantity <= 0) return removeFromCart(owner, { variantId });
  const where = cartOwnerCondition(owner);
  if (!where) return refuse("not_found", "This item is not in your cart");

  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(where).for("update");
    const [line] = cart
      ? await tx
          .select({ quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.variantId, variantId)))
      : [];
    if (!cart || !line) return refuse("not_found", "This item is not in your cart");
    const variant = (await findBuyableVariants([variantId], tx)).get(variantId);
    if (!variant || variant.maxQuantity <= 0) {
      return refuse("conflict", `${variant ? lineName(variant) : "This product"} is no longer available; please remove it from your cart`);
    }
    const next = Math.min(quantity, variant.maxQuantity);
    await writeCartLine(tx, cart.id, variantId, next);
    const capped = next < quantity;
    const message = capped ? capMessage(variant, next) : `${lineName(variant)}: quantity set to ${next}`;
    return succeed({ message, capped, ...(await afterCartWrite(owner, cart.id, tx)) });
  });
}
