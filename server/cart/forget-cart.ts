import { eq, inArray } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { cartItems, carts } from "./schema";

/** The account's cart goes, with what was in it (docs/product/privacy-requests.md). */
export async function forgetCart(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const owned = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, p.userId));
  if (!owned.length) return { rows: 0 };
  const ids = owned.map((c) => c.id);
  const items = await tx.delete(cartItems).where(inArray(cartItems.cartId, ids)).returning({ id: cartItems.id });
  await tx.delete(carts).where(inArray(carts.id, ids));
  return { rows: items.length + ids.length };
}
