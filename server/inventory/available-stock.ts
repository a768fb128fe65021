import { inArray, sql, type SQL } from "drizzle-orm";
import { productVariants } from "../catalog/schema";
import { getDb, type DbOrTx } from "../db/client";

/**
 * Units of a variant that can still be sold: on hand minus unexpired active reservations. A reservation
 * past its expiry no longer holds stock even before the release job has closed it.
 */
export function availableSql(variantId: SQL | typeof productVariants.id = productVariants.id, onHand: SQL | typeof productVariants.onHand = productVariants.onHand): SQL<number> {
  return sql<number>`(${onHand} - coalesce((select sum(r.quantity) from stock_reservations r where r.variant_id = ${variantId} and r.status = 'active' and r.expires_at > now()), 0))::int`;
}

/** Available units by variant id (variants that do not exist are absent). */
export async function getAvailableStock(variantIds: number[], db: DbOrTx = getDb()): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db.select({ id: productVariants.id, available: availableSql() }).from(productVariants).where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((r) => [r.id, Number(r.available)]));
}
