import { and, eq } from "drizzle-orm";
import type { TCartOwner, TCartWriteResult } from "@domain/cart/cart";
import type { TSetListingQuantity } from "@domain/cart/cart-input";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { describeListingsForCart, listingMaxQuantity } from "../marketplace/describe-listings-for-cart";
import { afterCartWrite } from "./add-to-cart";
import { cartOwnerCondition } from "./find-or-create-cart";
import { writeListingLine } from "./listing-lines";
import { removeFromCart } from "./remove-from-cart";
import { cartItems, carts } from "./schema";

/** A marketplace line's quantity: 0 removes it, more than the stock is capped (a design stays one copy). */
export async function setListingQuantity(owner: TCartOwner, { listingId, quantity }: TSetListingQuantity): Promise<TCartWriteResult> {
  if (quantity <= 0) return removeFromCart(owner, { listingId });
  const where = cartOwnerCondition(owner);
  if (!where) return refuse("not_found", "This item is not in your cart");
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(where).for("update");
    const [line] = cart
      ? await tx
          .select({ quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.listingId, listingId)))
      : [];
    if (!cart || !line) return refuse("not_found", "This item is not in your cart");
    const listing = (await describeListingsForCart(tx, [listingId])).get(listingId);
    const max = listing ? listingMaxQuantity(listing) : 0;
    if (!listing || max <= 0)
      return refuse("conflict", `${listing?.title ?? "This listing"} is no longer available; please remove it from your cart`);
    const next = Math.min(quantity, max);
    await writeListingLine(tx, cart.id, listingId, next);
    const capped = next < quantity;
    const message = capped
      ? `Only ${max} of ${listing.title} available; your cart has ${next}`
      : `${listing.title}: quantity set to ${next}`;
    return succeed({ message, capped, ...(await afterCartWrite(owner, cart.id, tx)) });
  });
}
