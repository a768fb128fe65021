import { eq } from "drizzle-orm";
import type { TSellerKind, TSellerStatus } from "@domain/marketplace/marketplace";
import { getDb, type DbOrTx } from "../db/client";
import { sellers } from "./schema";

export type TSellerOf = { id: string; slug: string; displayName: string; kind: TSellerKind; status: TSellerStatus };

/** The store a person sells through, whatever its state; null when they do not sell. */
export async function findSellerOf(userId: string, tx: DbOrTx = getDb()): Promise<TSellerOf | null> {
  const [seller] = await tx
    .select({ id: sellers.id, slug: sellers.slug, displayName: sellers.displayName, kind: sellers.kind, status: sellers.status })
    .from(sellers)
    .where(eq(sellers.userId, userId));
  return seller ? { ...seller, kind: seller.kind as TSellerKind, status: seller.status as TSellerStatus } : null;
}
