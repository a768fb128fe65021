import { and, count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { MAX_SAVED_LISTINGS } from "@domain/marketplace/listings";
import type { TSavedListingInput } from "@domain/marketplace/saved-listing-input";
import { getDb } from "../db/client";
import { isPublicListing } from "./list-marketplace-listings";
import { marketplaceListings, marketplaceSavedListings, sellers } from "./schema";

/**
 * A signed-in buyer saves a listing for later, or takes it off their list (docs/product/marketplace.md#saved-listings).
 * Only a listing on sale can be saved; saving twice keeps one entry; removing works whatever became of the listing.
 */
export async function saveListingForLater(viewer: TViewer, input: TSavedListingInput): Promise<TResult<{ title: string; saved: boolean }>> {
  return getDb().transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: marketplaceListings.id, title: marketplaceListings.title, onSale: isPublicListing() })
      .from(marketplaceListings)
      .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
      .where(eq(marketplaceListings.id, input.listingId));
    if (input.intent === "unsave") {
      await tx
        .delete(marketplaceSavedListings)
        .where(and(eq(marketplaceSavedListings.userId, viewer.id), eq(marketplaceSavedListings.listingId, input.listingId)));
      return succeed({ title: listing?.title ?? "The listing", saved: false });
    }
    if (!listing?.onSale) return refuse("not_found", "That listing is not on sale any more.");
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(marketplaceSavedListings)
      .where(eq(marketplaceSavedListings.userId, viewer.id));
    if (n >= MAX_SAVED_LISTINGS)
      return refuse("conflict", `You can keep ${MAX_SAVED_LISTINGS} listings saved: remove some from your dashboard first.`);
    await tx.insert(marketplaceSavedListings).values({ userId: viewer.id, listingId: listing.id }).onConflictDoNothing();
    return succeed({ title: listing.title, saved: true });
  });
}
