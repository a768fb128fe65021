import { and, eq, sql } from "drizzle-orm";
import { capMessage, type TCartOwner, type TCartWriteResult } from "@domain/cart/cart";
import type { TAddToCart } from "@domain/cart/cart-input";
import { refuse, succeed } from "@domain/errors/app-error";
import { lineName } from "@domain/catalog/line-name";
import { getDb, type DbOrTx } from "../db/client";
import { findBuyableVariants } from "./buyable-variants";
import { findOrCreateCart } from "./find-or-create-cart";
import { readCartSummary } from "./read-cart";
import { cartItems, carts } from "./schema";

/** Writes a line's quantity (insert or replace) and touches the cart. The caller holds the cart's lock. */
export async function writeCartLine(tx: DbOrTx, cartId: string, variantId: number, quantity: number) {
  await tx
    .insert(cartItems)
    .values({ cartId, kind: "variant", variantId, quantity })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.variantId], set: { quantity } });
  await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/** After a write: the panel's numbers, and the guest cart id whose cookie the action sets or renews. */
export async function afterCartWrite(owner: TCartOwner, cartId: string, tx: DbOrTx) {
  const guestCartId = owner.userId ? null : cartId;
  return { guestCartId, cart: await readCartSummary(owner.userId ? owner : { guestCartId }, tx) };
}

/**
 * Add (docs/product/store-and-orders.md#cart): a line already in the cart is summed, then capped at min(max per order, available); the
 * message says when it was capped. The cart row is locked for the transaction, so two quick adds both count.
 */
export async function addToCart(owner: TCartOwner, { variantId, quantity }: TAddToCart): Promise<TCartWriteResult> {
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const variant = (await findBuyableVariants([variantId], tx)).get(variantId);
    if (!variant) return refuse("not_found", "This product is not available. It may have been removed from the store.");
    if (variant.maxQuantity <= 0) return refuse("conflict", `${lineName(variant)} is out of stock`);

    const { cartId } = await findOrCreateCart(owner, tx);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
    const current = existing?.quantity ?? 0;
    if (current >= variant.maxQuantity) return refuse("conflict", capMessage(variant, current));

    const next = Math.min(current + quantity, variant.maxQuantity);
    await writeCartLine(tx, cartId, variantId, next);
    const capped = next < current + quantity;
    const message = capped ? capMessage(variant, next) : `Added ${quantity === 1 ? "" : `${quantity} x `}${lineName(variant)} to your cart`;
    return succeed({ message, capped, ...(await afterCartWrite(owner, cartId, tx)) });
  });
}
