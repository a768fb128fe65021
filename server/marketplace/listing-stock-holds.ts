import { and, eq, isNull, sql } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { DbOrTx } from "../db/client";
import { marketplaceListings, marketplaceStockHolds } from "./schema";

export type TListingStockLine = { listingId: number; quantity: number; title: string };

/**
 * Takes a placed order's units off its products' stock (docs/product/marketplace.md#buying). Call in the order's
 * transaction after describeListingsForCart locked the rows; the guard in the update refuses a stock that moved.
 */
export async function holdListingStock(tx: DbOrTx, orderId: string, lines: TListingStockLine[]): Promise<TResult> {
  for (const line of [...lines].sort((a, b) => a.listingId - b.listingId)) {
    const taken = await tx
      .update(marketplaceListings)
      .set({ stock: sql`${marketplaceListings.stock} - ${line.quantity}` })
      .where(and(eq(marketplaceListings.id, line.listingId), sql`${marketplaceListings.stock} >= ${line.quantity}`))
      .returning({ id: marketplaceListings.id });
    if (taken.length === 0)
      return refuse("conflict", `${line.title} has fewer left than your cart holds. Lower the quantity and try again.`);
    await tx.insert(marketplaceStockHolds).values({ orderId, listingId: line.listingId, quantity: line.quantity });
  }
  return succeed();
}

/** A cancelled order gives its units back, once: a hold already released is not counted again. */
export async function releaseListingStock(tx: DbOrTx, orderId: string) {
  const released = await tx
    .update(marketplaceStockHolds)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(marketplaceStockHolds.orderId, orderId), isNull(marketplaceStockHolds.releasedAt)))
    .returning({ listingId: marketplaceStockHolds.listingId, quantity: marketplaceStockHolds.quantity });
  for (const r of released) {
    await tx
      .update(marketplaceListings)
      .set({ stock: sql`${marketplaceListings.stock} + ${r.quantity}` })
      .where(eq(marketplaceListings.id, r.listingId));
  }
  return released.length;
}
