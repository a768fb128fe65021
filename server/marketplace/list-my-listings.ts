import { desc, eq } from "drizzle-orm";
import type { TListingKind, TListingStatus } from "@domain/marketplace/listings";
import { getDb } from "../db/client";
import { firstPhotosOf } from "./listing-photos";
import { marketplaceListings } from "./schema";

/** A seller's own listings, every state, newest first, for their dashboard (docs/product/marketplace.md#listings). */
export async function listMyListings(sellerId: string) {
  const rows = await getDb()
    .select({
      id: marketplaceListings.id,
      slug: marketplaceListings.slug,
      kind: marketplaceListings.kind,
      title: marketplaceListings.title,
      priceKobo: marketplaceListings.priceKobo,
      stock: marketplaceListings.stock,
      status: marketplaceListings.status,
      reviewNote: marketplaceListings.reviewNote,
      updatedAt: marketplaceListings.updatedAt,
    })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.sellerId, sellerId))
    .orderBy(desc(marketplaceListings.createdAt), desc(marketplaceListings.id))
    .limit(200);
  const photos = await firstPhotosOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as TListingKind,
    status: r.status as TListingStatus,
    priceKobo: Number(r.priceKobo),
    photo: photos.get(r.id) ?? null,
  }));
}
