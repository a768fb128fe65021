import { and, asc, count, eq, ilike, lt, or, type SQL } from "drizzle-orm";
import { INVENTORY_PAGE_SIZE } from "@domain/orders/order-filters";
import { type TInventoryFilters } from "@domain/orders/order-filters-input";
import { products as p, productVariants as v } from "../catalog/schema";
import { containsTerm } from "../db/contains-term";
import { paginate } from "../db/paginate";
import { getDb, type DbOrTx } from "../db/client";
import { availableSql } from "./available-stock";

/** Variants whose sellable stock is under their product's threshold (the dashboard's count, the list's filter). */
export const isLowStock = () => lt(availableSql(), p.lowStockThreshold);

/**
 * Every variant with its product, stock on hand, what active orders hold, what is left to sell, the threshold
 * and the supplier; searchable by product, SKU or supplier, optionally only those under their threshold.
 */
export async function listInventory(filters: TInventoryFilters) {
  const where: SQL[] = [];
  if (filters.q) {
    const term = containsTerm(filters.q);
    where.push(or(ilike(p.name, term), ilike(v.sku, term), ilike(v.name, term), ilike(p.supplier, term))!);
  }
  if (filters.low) where.push(isLowStock());
  const condition = where.length ? and(...where) : undefined;

  const db = getDb();
  const { rows, total, page, pageCount } = await paginate(
    filters.page,
    INVENTORY_PAGE_SIZE,
    async () => (await db.select({ n: count() }).from(v).innerJoin(p, eq(p.id, v.productId)).where(condition))[0]!.n,
    ({ limit, offset }) =>
      db
        .select({
          variantId: v.id,
          sku: v.sku,
          variantName: v.name,
          onHand: v.onHand,
          available: availableSql(),
          productId: p.id,
          productName: p.name,
          slug: p.slug,
          category: p.category,
          threshold: p.lowStockThreshold,
          supplier: p.supplier,
          active: p.active,
        })
        .from(v)
        .innerJoin(p, eq(p.id, v.productId))
        .where(condition)
        .orderBy(asc(p.name), asc(v.position), asc(v.id))
        .limit(limit)
        .offset(offset),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      available: Number(r.available),
      reserved: r.onHand - Number(r.available),
      low: Number(r.available) < r.threshold,
    })),
    total,
    page,
    pageCount,
  };
}

/** How many variants of products on sale are under their threshold. */
export async function countLowStock(db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(v)
    .innerJoin(p, eq(p.id, v.productId))
    .where(and(eq(p.active, true), isLowStock()));
  return Number(row?.n ?? 0);
}
