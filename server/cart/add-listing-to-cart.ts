import { and, eq } from "drizzle-orm";
import type { TCartOwner, TCartWriteResult } from "@domain/cart/cart";
import type { TAddListingToCart } from "@domain/cart/cart-input";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { describeListingsForCart, listingMaxQuantity, listingRefusal } from "../marketplace/describe-listings-for-cart";
import { afterCartWrite } from "./add-to-cart";
import { findOrCreateCart } from "./find-or-create-cart";
import { writeListingLine } from "./listing-lines";
import { cartItems } from "./schema";

/**
 * Adds a marketplace listing to the visitor's cart (docs/product/marketplace.md#buying): a product is summed with what
 * the cart holds and capped at its stock; a design is one copy. Unpublished listings, a suspended store's listings
 * and a seller's own listings are refused.
 */
export async function addListingToCart(owner: TCartOwner, { listingId, quantity }: TAddListingToCart): Promise<TCartWriteResult> {
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const listing = (await describeListingsForCart(tx, [listingId])).get(listingId);
    const refusal = listingRefusal(listing, owner.userId);
    if (refusal || !listing) return refuse(listing?.forSale ? "conflict" : "not_found", refusal ?? "");
    const { cartId } = await findOrCreateCart(owner, tx);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.listingId, listingId)));
    const current = existing?.quantity ?? 0;
    const max = listingMaxQuantity(listing);
    if (listing.kind === "design" && current > 0)
      return refuse("conflict", `${listing.title} is already in your cart (a design is bought once)`);
    if (current >= max) return refuse("conflict", `Only ${max} of ${listing.title} available; your cart has ${current}`);
    const next = Math.min(current + quantity, max);
    await writeListingLine(tx, cartId, listingId, next);
    const capped = next < current + quantity;
    const message = capped
      ? `Only ${max} of ${listing.title} available; your cart has ${next}`
      : `Added ${quantity === 1 ? "" : `${quantity} x `}${listing.title} to your cart`;
    return succeed({ message, capped, ...(await afterCartWrite(owner, cartId, tx)) });
  });
}
