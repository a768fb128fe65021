import { eq } from "drizzle-orm";
import { products, productVariants } from "../catalog/schema";
import type { DbOrTx } from "../db/client";
import { availableSql } from "./available-stock";

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
