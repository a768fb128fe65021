import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { products, productVariants } from "./schema";

/** Current name, SKU and price of the variants being ordered (only active products). */
export async function getVariantsForOrder(tx: DbOrTx, variantIds: number[]) {
  if (variantIds.length === 0) return [];
  return tx
    .select({
      variantId: productVariants.id,
      productName: products.name,
      variantName: productVariants.name,
      sku: productVariants.sku,
      priceKobo: productVariants.priceKobo,
      maxPerOrder: products.maxPerOrder,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, variantIds), eq(products.active, true)));
}
