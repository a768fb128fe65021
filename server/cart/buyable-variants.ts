import { and, eq, inArray } from "drizzle-orm";
import { products, productVariants } from "../catalog/schema";
import type { DbOrTx } from "../db/client";
import { availableSql } from "../inventory/available-stock";

export type TBuyableVariant = { variantId: number; productName: string; variantName: string; available: number; maxQuantity: number };

/** Variants of active products by id, with what one order may hold now: min(max per order, available). */
export async function findBuyableVariants(variantIds: number[], tx: DbOrTx): Promise<Map<number, TBuyableVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productName: products.name,
      variantName: productVariants.name,
      maxPerOrder: products.maxPerOrder,
      available: availableSql(),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, variantIds), eq(products.active, true)));
  return new Map(
    rows.map(({ maxPerOrder, ...r }) => {
      const available = Math.max(0, Number(r.available));
      return [r.variantId, { ...r, available, maxQuantity: Math.min(maxPerOrder, available) }];
    }),
  );
}
