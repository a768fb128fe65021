import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { cartItems, carts } from "./schema";

/** Writes a marketplace line's quantity (insert or replace) and touches the cart. The caller holds the cart's lock. */
export async function writeListingLine(tx: DbOrTx, cartId: string, listingId: number, quantity: number) {
  await tx
    .insert(cartItems)
    .values({ cartId, kind: "listing", listingId, quantity })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.listingId], set: { quantity } });
  await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}
