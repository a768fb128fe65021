import { eq, sql } from "drizzle-orm";
import type { TAbandonedItem } from "@domain/cart/abandoned-carts";
import { targetOf, type TCartLine } from "@domain/cart/cart";
import { lineName } from "@domain/catalog/line-name";
import type { DbOrTx } from "../db/client";
import { cartItems, carts } from "./schema";

// What the abandoned-cart records keep of a cart, and when it was last touched (docs/product/store-and-orders.md#abandoned-carts).

/** The cart's lines as a record keeps them: what to put back, how many, and the name and price at that moment. */
export function abandonedItemsOf(lines: TCartLine[]): TAbandonedItem[] {
  return lines.map((l) => ({
    kind: l.kind,
    ...targetOf(l),
    quantity: l.quantity,
    name: lineName(l),
    unitPriceKobo: l.unitPriceKobo,
  }));
}

/**
 * A cart's last change: the newer of its own "updated" time and its newest line, cut to the millisecond so the value
 * survives a round trip through JavaScript and still equals what a record stored.
 */
export const cartTouchedAtSql = sql`date_trunc('milliseconds', greatest(${carts.updatedAt}, coalesce(max(${cartItems.addedAt}), ${carts.updatedAt})))`;

export const asTimestamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** When this cart was last touched, or null when it no longer exists. */
export async function cartTouchedAt(cartId: string, db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: cartTouchedAtSql.mapWith((v: string | Date) => new Date(v)) })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(eq(carts.id, cartId))
    .groupBy(carts.id);
  return row?.at ?? null;
}
