import { and, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TReview } from "@domain/marketplace/review-input";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { notifyUser } from "../notifications/notify-user";
import { orderItems, orders, subOrders } from "../orders/schema";
import { marketplaceListings, marketplaceReviews, sellers } from "./schema";

/**
 * A buyer reviews a listing they received (docs/product/marketplace.md#reviews): only the buyer of a delivered part, only
 * a listing in that part, once. The seller is told.
 */
export async function writeReview(buyer: TViewer, input: TReview): Promise<TResult<{ title: string }>> {
  return getDb().transaction(async (tx) => {
    const [line] = await tx
      .select({
        status: subOrders.status,
        sellerId: subOrders.sellerId,
        title: marketplaceListings.title,
        sellerUserId: sellers.userId,
        sellerKind: sellers.kind,
      })
      .from(subOrders)
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .innerJoin(orderItems, and(eq(orderItems.subOrderId, subOrders.id), eq(orderItems.listingId, input.listingId)))
      .innerJoin(marketplaceListings, eq(marketplaceListings.id, orderItems.listingId))
      .innerJoin(sellers, eq(sellers.id, subOrders.sellerId))
      .where(and(eq(subOrders.id, input.subOrderId), eq(orders.userId, buyer.id)));
    if (!line || !line.sellerId) return refuse("not_found", "You can review only what you bought.");
    if (line.status !== "delivered") return refuse("conflict", "You can review this once it has been delivered.");
    const [review] = await tx
      .insert(marketplaceReviews)
      .values({
        subOrderId: input.subOrderId,
        listingId: input.listingId,
        sellerId: line.sellerId,
        userId: buyer.id,
        rating: input.rating,
        body: input.body,
      })
      .onConflictDoNothing()
      .returning({ id: marketplaceReviews.id });
    if (!review) return refuse("conflict", "You have already reviewed this purchase.");
    await notifyUser(tx, {
      userId: line.sellerUserId,
      type: "other",
      title: `New ${input.rating}-star review: ${line.title}`,
      message: input.body.length > 140 ? `${input.body.slice(0, 137)}...` : input.body,
      link: line.sellerKind === "architect" ? "/architect/dashboard#reviews" : "/seller/dashboard#reviews",
      metadata: { reviewId: review.id },
    });
    bumpContentVersion();
    return succeed({ title: line.title });
  });
}
