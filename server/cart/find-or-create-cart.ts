import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { TCartOwner } from "@domain/cart/cart";
import { getDb, type DbOrTx } from "../db/client";
import { carts } from "./schema";

/**
 * Which carts row an owner means: the user's when signed in, else the guest cart of the cookie. A guest id
 * only ever matches a cart without a user, so a cookie can never open someone's account cart. Null: no cart.
 */
export function cartOwnerCondition(owner: TCartOwner): SQL | null {
  if (owner.userId) return eq(carts.userId, owner.userId);
  if (owner.guestCartId) return and(eq(carts.id, owner.guestCartId), isNull(carts.userId))!;
  return null;
}

/** The owner's cart id, or null when they have none (no query for a visitor with neither id). */
export async function findCartId(owner: TCartOwner, db: DbOrTx = getDb()): Promise<string | null> {
  const where = cartOwnerCondition(owner);
  if (!where) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(where).limit(1);
  return row?.id ?? null;
}

/**
 * The owner's cart, created when missing, and locked (FOR UPDATE) until the transaction ends so that two
 * quick writes to one cart run one after the other. `created` tells the caller to set a guest's cookie.
 */
export async function findOrCreateCart(owner: TCartOwner, tx: DbOrTx): Promise<{ cartId: string; created: boolean }> {
  if (owner.userId) {
    await tx.insert(carts).values({ userId: owner.userId }).onConflictDoNothing({ target: carts.userId });
    const [row] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, owner.userId)).for("update");
    return { cartId: row!.id, created: false };
  }
  const where = cartOwnerCondition(owner);
  if (where) {
    const [row] = await tx.select({ id: carts.id }).from(carts).where(where).for("update");
    if (row) return { cartId: row.id, created: false };
  }
  // No cookie, or an unknown/forged id: a fresh cart with a new random id (the forged id is never reused).
  const [row] = await tx.insert(carts).values({}).returning({ id: carts.id });
  return { cartId: row!.id, created: true };
}
