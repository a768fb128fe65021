import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { products } from "./schema";

/** Sets a product's low-stock threshold and supplier, inside the caller's transaction (inventory's supply form). */
export async function setProductSupplyFields(
  tx: DbOrTx,
  productId: number,
  fields: { lowStockThreshold: number; supplier: string | null },
): Promise<void> {
  await tx
    .update(products)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}
