import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { cartItems, carts } from "./schema";

/** Empties the user's cart; checkout calls it inside the place-order transaction. The cart row stays. */
export async function clearCart(userId: string, tx: DbOrTx): Promise<void> {
  await tx.delete(cartItems).where(inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))));
}
