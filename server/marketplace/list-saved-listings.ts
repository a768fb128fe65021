import { and, desc, eq } from "drizzle-orm";
import type { TListingCard } from "@domain/marketplace/listings";
import { getDb } from "../db/client";
import { isPublicListing, listingCardColumns, toListingCards } from "./list-marketplace-listings";
import { marketplaceListings, marketplaceSavedListings, sellers } from "./schema";

export type TSavedListing = { listingId: number; savedAt: string } & (
  { onSale: true; card: TListingCard } | { onSale: false; title: string }
);

/**
 * A buyer's saved listings, newest first (docs/product/marketplace.md#saved-listings): those on sale as cards, the
 * others (unpublished, store suspended) by title only, so the buyer can take them off the list.
 */
export async function listSavedListings(userId: string): Promise<TSavedListing[]> {
  const rows = await getDb()
    .select({ ...listingCardColumns, savedAt: marketplaceSavedListings.savedAt, onSale: isPublicListing() })
    .from(marketplaceSavedListings)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceSavedListings.listingId))
    .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
    .where(eq(marketplaceSavedListings.userId, userId))
    .orderBy(desc(marketplaceSavedListings.savedAt));
  const cards = new Map((await toListingCards(rows.filter((r) => r.onSale))).map((c) => [c.slug, c]));
  return rows.map((r) => {
    const card = cards.get(r.slug);
    const base = { listingId: r.id, savedAt: r.savedAt.toISOString() };
    return card ? { ...base, onSale: true as const, card } : { ...base, onSale: false as const, title: r.title };
  });
}

/** Whether the buyer has this listing saved (its page shows "Saved"). */
export async function isListingSaved(userId: string, listingId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ listingId: marketplaceSavedListings.listingId })
    .from(marketplaceSavedListings)
    .where(and(eq(marketplaceSavedListings.userId, userId), eq(marketplaceSavedListings.listingId, listingId)));
  return !!row;
}

/** The ids of a buyer's saved listings: a listing page sent from the shared cache shows "Saved" from these. */
export async function listSavedListingIds(userId: string): Promise<number[]> {
  const rows = await getDb()
    .select({ listingId: marketplaceSavedListings.listingId })
    .from(marketplaceSavedListings)
    .where(eq(marketplaceSavedListings.userId, userId));
  return rows.map((r) => r.listingId);
}
