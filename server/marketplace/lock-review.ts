import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { marketplaceListings, marketplaceReviews } from "./schema";

/**
 * A review with its listing's title and slug, locked in the caller's transaction for staff hiding it or the seller
 * answering it (docs/product/marketplace.md#reviews); undefined when there is none.
 */
export async function lockReview(tx: Tx, reviewId: number) {
  const [review] = await tx
    .select({
      id: marketplaceReviews.id,
      sellerId: marketplaceReviews.sellerId,
      userId: marketplaceReviews.userId,
      body: marketplaceReviews.body,
      hiddenAt: marketplaceReviews.hiddenAt,
      reply: marketplaceReviews.reply,
      title: marketplaceListings.title,
      slug: marketplaceListings.slug,
    })
    .from(marketplaceReviews)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceReviews.listingId))
    .where(eq(marketplaceReviews.id, reviewId))
    .for("update", { of: marketplaceReviews });
  return review;
}
