import { asc, eq } from "drizzle-orm";
import type { TDeliveryOption, TListingKind, TListingStatus } from "@domain/marketplace/listings";
import type { TSellerStatus } from "@domain/marketplace/marketplace";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { photosOf } from "./listing-photos";
import { marketplaceDesignFiles, marketplaceListings, sellers } from "./schema";

/**
 * A listing whatever its state, with photos and file names: for its seller's edit form (pass `sellerId`, and a
 * listing of another seller is null) and for staff's review.
 */
export async function getListingDetails(listingId: number, sellerId?: string) {
  if (!Number.isSafeInteger(listingId) || listingId < 1) return null;
  const db = getDb();
  const [row] = await db
    .select({
      listing: marketplaceListings,
      seller: { id: sellers.id, slug: sellers.slug, displayName: sellers.displayName, status: sellers.status, email: users.email },
    })
    .from(marketplaceListings)
    .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(marketplaceListings.id, listingId));
  if (!row || (sellerId !== undefined && row.seller.id !== sellerId)) return null;
  const [photos, files] = await Promise.all([
    photosOf(listingId),
    db
      .select({
        id: marketplaceDesignFiles.id,
        fileName: marketplaceDesignFiles.fileName,
        fileType: marketplaceDesignFiles.fileType,
        bytes: marketplaceDesignFiles.bytes,
      })
      .from(marketplaceDesignFiles)
      .where(eq(marketplaceDesignFiles.listingId, listingId))
      .orderBy(asc(marketplaceDesignFiles.id)),
  ]);
  const l = row.listing;
  return {
    id: l.id,
    slug: l.slug,
    kind: l.kind as TListingKind,
    title: l.title,
    description: l.description,
    category: l.category,
    priceKobo: Number(l.priceKobo),
    stock: l.stock,
    leadTimeDays: l.leadTimeDays,
    delivery: l.delivery as TDeliveryOption | null,
    status: l.status as TListingStatus,
    reviewNote: l.reviewNote,
    submittedAt: l.submittedAt,
    updatedAt: l.updatedAt,
    seller: { ...row.seller, status: row.seller.status as TSellerStatus },
    photos,
    files,
  };
}
export type TListingDetails = NonNullable<Awaited<ReturnType<typeof getListingDetails>>>;
