import { and, isNull, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { carts } from "./schema";

/** Guest carts untouched for longer than their cookie lives (30 days) can never be opened again: delete them. */
export async function deleteStaleGuestCarts(now = new Date(), maxAgeDays = 30): Promise<number> {
  const before = new Date(now.getTime() - maxAgeDays * 24 * 60 * 60 * 1000);
  const gone = await getDb()
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return gone.length;
}
