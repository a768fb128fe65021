import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { THideReview } from "@domain/marketplace/review-input";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { notifyUser } from "../notifications/notify-user";
import { lockReview } from "./lock-review";
import { marketplaceReviews } from "./schema";

/** Staff hide an abusive review with a reason (docs/product/marketplace.md#reviews): gone from buyers' view, audited. */
export async function hideReview(staff: TViewer, input: THideReview): Promise<TResult<{ title: string }>> {
  return getDb().transaction(async (tx) => {
    const review = await lockReview(tx, input.reviewId);
    if (!review) return refuse("not_found", "That review does not exist.");
    if (review.hiddenAt) return refuse("conflict", "This review is already hidden.");
    await tx
      .update(marketplaceReviews)
      .set({ hiddenAt: new Date(), hiddenBy: staff.id, hiddenReason: input.reason })
      .where(eq(marketplaceReviews.id, review.id));
    await recordAudit(tx, {
      actorId: staff.id,
      action: "marketplace.review.hide",
      resourceType: "marketplace_review",
      resourceId: String(review.id),
      oldData: { body: review.body },
      newData: { hiddenReason: input.reason },
    });
    await notifyUser(tx, {
      userId: review.userId,
      type: "other",
      title: `Your review of ${review.title} was hidden`,
      message: `Our team hid it from other buyers: ${input.reason}`,
      link: "/marketplace/buyer-dashboard#reviews",
    });
    bumpContentVersion();
    return succeed({ title: review.title });
  });
}
