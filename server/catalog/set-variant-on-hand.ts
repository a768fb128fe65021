import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { productVariants } from "./schema";

/**
 * Sets a variant's stock on hand, inside the caller's transaction. The catalog owns variants; inventory
 * (stock takes, goods leaving at payment) changes the count only through here, with the row already locked.
 */
export async function setVariantOnHand(tx: DbOrTx, variantId: number, onHand: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ onHand, updatedAt: sql`now()` })
    .where(eq(productVariants.id, variantId));
}
