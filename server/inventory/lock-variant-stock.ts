import { asc, eq, inArray } from "drizzle-orm";
import { products, productVariants } from "../catalog/schema";
import type { DbOrTx } from "../db/client";
import { availableSql } from "./available-stock";
import type { TStockLine } from "./reserve-stock";

/** Locks a variant and reads its stock figures; null when it does not exist. */
export async function lockVariantStock(tx: DbOrTx, variantId: number) {
  await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.id, variantId)).for("update");
  const [row] = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      variant: productVariants.name,
      onHand: productVariants.onHand,
      available: availableSql(),
      name: products.name,
      threshold: products.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row ? { ...row, available: Number(row.available) } : null;
}

/**
 * Locks the variants of an order's lines and answers their ids: in id order, so two checkouts cannot deadlock, and NO KEY
 * UPDATE, so the foreign-key locks that order items and reservations take on the same rows do not wait on it.
 */
export async function lockLineVariants(tx: DbOrTx, lines: TStockLine[]): Promise<number[]> {
  const ids = [...new Set(lines.map((l) => l.variantId))].sort((a, b) => a - b);
  if (ids.length === 0) return ids;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("no key update");
  return ids;
}
