import { and, eq } from "drizzle-orm";
import type { TDeliveryOption, TListingKind } from "@domain/marketplace/listings";
import { LISTING_SLUG_PATTERN } from "@domain/marketplace/listings";
import type { TSellerKind } from "@domain/marketplace/marketplace";
import { getDb } from "../db/client";
import { photosOf } from "./listing-photos";
import { publicListing } from "./list-marketplace-listings";
import { marketplaceDesignFiles, marketplaceListings, sellers } from "./schema";

/** A listing's public page (/marketplace/<listing>); null unless it is published and its seller active. */
export async function getMarketplaceListing(slug: string) {
  if (slug.length > 100 || !LISTING_SLUG_PATTERN.test(slug)) return null;
  const db = getDb();
  const [row] = await db
    .select({
      id: marketplaceListings.id,
      slug: marketplaceListings.slug,
      kind: marketplaceListings.kind,
      title: marketplaceListings.title,
      description: marketplaceListings.description,
      category: marketplaceListings.category,
      priceKobo: marketplaceListings.priceKobo,
      stock: marketplaceListings.stock,
      leadTimeDays: marketplaceListings.leadTimeDays,
      delivery: marketplaceListings.delivery,
      publishedAt: marketplaceListings.publishedAt,
      updatedAt: marketplaceListings.updatedAt,
      seller: {
        slug: sellers.slug,
        displayName: sellers.displayName,
        kind: sellers.kind,
        pickupState: sellers.pickupState,
        pickupLga: sellers.pickupLga,
      },
    })
    .from(marketplaceListings)
    .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
    .where(and(eq(marketplaceListings.slug, slug), publicListing()));
  if (!row) return null;
  const [photos, files] = await Promise.all([
    photosOf(row.id),
    db
      .select({ fileType: marketplaceDesignFiles.fileType, bytes: marketplaceDesignFiles.bytes })
      .from(marketplaceDesignFiles)
      .where(eq(marketplaceDesignFiles.listingId, row.id)),
  ]);
  return {
    ...row,
    kind: row.kind as TListingKind,
    delivery: row.delivery as TDeliveryOption | null,
    priceKobo: Number(row.priceKobo),
    seller: { ...row.seller, kind: row.seller.kind as TSellerKind },
    photos: photos.map(({ id: _id, ...p }) => p),
    /** What a design's buyer downloads: kinds and sizes only, never the files' addresses. */
    files,
  };
}
