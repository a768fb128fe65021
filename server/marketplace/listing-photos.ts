import { asc, eq, inArray } from "drizzle-orm";
import type { TListingCard } from "@domain/marketplace/listings";
import { getDb } from "../db/client";
import { marketplaceListingPhotos } from "./schema";

// Reading listings' photos, for the pages that show listings (catalogue, storefront, dashboard, review).

type TPhoto = NonNullable<TListingCard["photo"]>;
const photoColumns = {
  id: marketplaceListingPhotos.id,
  listingId: marketplaceListingPhotos.listingId,
  small: marketplaceListingPhotos.smallPath,
  large: marketplaceListingPhotos.largePath,
  width: marketplaceListingPhotos.width,
  height: marketplaceListingPhotos.height,
};

/** Each listing's first photo, by listing id. */
export async function firstPhotosOf(listingIds: number[]): Promise<Map<number, TPhoto>> {
  if (!listingIds.length) return new Map();
  const rows = await getDb()
    .selectDistinctOn([marketplaceListingPhotos.listingId], photoColumns)
    .from(marketplaceListingPhotos)
    .where(inArray(marketplaceListingPhotos.listingId, listingIds))
    .orderBy(marketplaceListingPhotos.listingId, asc(marketplaceListingPhotos.position));
  return new Map(rows.map(({ listingId, id: _id, ...photo }) => [listingId, photo]));
}

/** A listing's photos in order, with their ids (the seller's form removes photos by id). */
export async function photosOf(listingId: number): Promise<(TPhoto & { id: number })[]> {
  const rows = await getDb()
    .select(photoColumns)
    .from(marketplaceListingPhotos)
    .where(eq(marketplaceListingPhotos.listingId, listingId))
    .orderBy(asc(marketplaceListingPhotos.position));
  return rows.map(({ listingId: _l, ...photo }) => photo);
}
