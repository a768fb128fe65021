import { eq, inArray } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { cartAbandonments, cartItems, carts } from "./schema";

/** The account's cart goes, with what was in it and its abandoned-cart records (docs/product/privacy-requests.md). */
export async function forgetCart(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const abandoned = await tx.delete(cartAbandonments).where(eq(cartAbandonments.userId, p.userId)).returning({ id: cartAbandonments.id });
  const owned = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, p.userId));
  if (!owned.length) return { rows: abandoned.length };
  const ids = owned.map((c) => c.id);
  const items = await tx.delete(cartItems).where(inArray(cartItems.cartId, ids)).returning({ id: cartItems.id });
  await tx.delete(carts).where(inArray(carts.id, ids));
  return { rows: abandoned.length + items.length + ids.length };
}
