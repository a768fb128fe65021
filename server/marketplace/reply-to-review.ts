import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TReviewReply } from "@domain/marketplace/review-input";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { notifyUser } from "../notifications/notify-user";
import { findSellerOf } from "./find-seller-of";
import { lockReview } from "./lock-review";
import { marketplaceReviews } from "./schema";

/** The seller answers a review of their listing, once, in public (docs/product/marketplace.md#reviews). The buyer is told. */
export async function replyToReview(viewer: TViewer, input: TReviewReply): Promise<TResult<{ title: string }>> {
  const seller = await findSellerOf(viewer.id);
  if (!seller) return refuse("forbidden", "Only marketplace sellers answer reviews.");
  return getDb().transaction(async (tx) => {
    const review = await lockReview(tx, input.reviewId);
    if (!review || review.sellerId !== seller.id) return refuse("not_found", "That review does not exist.");
    if (review.reply) return refuse("conflict", "You have already answered this review.");
    await tx.update(marketplaceReviews).set({ reply: input.reply, repliedAt: new Date() }).where(eq(marketplaceReviews.id, review.id));
    await notifyUser(tx, {
      userId: review.userId,
      type: "other",
      title: `${seller.displayName} answered your review`,
      message: input.reply.length > 140 ? `${input.reply.slice(0, 137)}...` : input.reply,
      link: `/marketplace/${review.slug}#reviews`,
    });
    bumpContentVersion();
    return succeed({ title: review.title });
  });
}
