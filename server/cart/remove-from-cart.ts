import { and, eq, sql } from "drizzle-orm";
import { EMPTY_CART_SUMMARY, parseItemLine, type TCartOwner, type TCartWriteResult } from "@domain/cart/cart";
import type { TRemoveFromCart } from "@domain/cart/cart-input";
import { succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { afterCartWrite } from "./add-to-cart";
import { cartOwnerCondition } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

const REMOVED = "Removed from your cart";

/** Takes a line (a store variant or a course intake) out of the owner's cart. Removing a line that is not there is not an error (a double click). */
export async function removeFromCart(owner: TCartOwner, line: TRemoveFromCart): Promise<TCartWriteResult> {
  const where = cartOwnerCondition(owner);
  const nothing: TCartWriteResult = succeed({ message: REMOVED, capped: false, cart: EMPTY_CART_SUMMARY, guestCartId: null });
  if (!where) return nothing;
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(where).for("update");
    if (!cart) return nothing;
    const item = "itemLine" in line ? parseItemLine(line.itemLine) : null;
    const which =
      "itemLine" in line
        ? and(eq(cartItems.kind, item?.kind ?? ""), eq(cartItems.itemRef, item?.itemRef ?? ""))
        : "courseIntakeId" in line
          ? eq(cartItems.courseIntakeId, line.courseIntakeId)
          : "zavchargeLine" in line
            ? eq(cartItems.kind, line.zavchargeLine)
            : "listingId" in line
              ? eq(cartItems.listingId, line.listingId)
              : eq(cartItems.variantId, line.variantId);
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), which));
    // A removal is a change like any other: it renews a guest cart and ends an abandoned-cart record's reminders.
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id));
    return succeed({ message: REMOVED, capped: false, ...(await afterCartWrite(owner, cart.id, tx)) });
  });
}
