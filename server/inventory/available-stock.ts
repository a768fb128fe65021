import { inArray, sql, type SQL } from "drizzle-orm";
import { productVariants } from "../catalog/schema";
import { getDb, type DbOrTx } from "../db/client";

// Drizzle leaves a column unqualified in a single-table select, and inside the subquery an unqualified
// "id" would mean the reservation's id: name the variant column in full.
const VARIANT_ID = sql.raw(`"product_variants"."id"`);

/** Sum of unexpired active reservations of the variant in the outer query, optionally leaving one order out. */
export function heldSql(exceptOrderId?: string): SQL<number> {
  const except = exceptOrderId ? sql` and r.order_id <> ${exceptOrderId}` : sql``;
  return sql<number>`coalesce((select sum(r.quantity) from stock_reservations r where r.variant_id = ${VARIANT_ID} and r.status = 'active' and r.expires_at > now()${except}), 0)::int`;
}

/**
 * Units of a variant that can still be sold: on hand minus unexpired active reservations. A reservation
 * past its expiry no longer holds stock even before the release job has closed it.
 */
export function availableSql(): SQL<number> {
  return sql<number>`(${productVariants.onHand} - ${heldSql()})::int`;
}

/** Available units by variant id (variants that do not exist are absent). */
export async function getAvailableStock(variantIds: number[], db: DbOrTx = getDb()): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productVariants.id, available: availableSql() })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((r) => [r.id, Number(r.available)]));
}
