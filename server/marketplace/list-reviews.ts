import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import {
  ratingSummary,
  reviewerName,
  REVIEWS_SHOWN,
  type TRatingSummary,
  type TReviewToWrite,
  type TReviewView,
} from "@domain/marketplace/reviews";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { orderItems, orders, subOrders } from "../orders/schema";
import { marketplaceListings, marketplaceReviews, sellers } from "./schema";

// Reading reviews (docs/product/marketplace.md#reviews): what buyers see (hidden ones left out), what a seller and
// staff see (all), and what a buyer can still review.

const visible = isNull(marketplaceReviews.hiddenAt);

async function listReviews(where: SQL, limit = REVIEWS_SHOWN): Promise<TReviewView[]> {
  const rows = await getDb()
    .select({
      id: marketplaceReviews.id,
      subOrderId: marketplaceReviews.subOrderId,
      listingId: marketplaceReviews.listingId,
      rating: marketplaceReviews.rating,
      body: marketplaceReviews.body,
      buyer: users.name,
      createdAt: marketplaceReviews.createdAt,
      reply: marketplaceReviews.reply,
      repliedAt: marketplaceReviews.repliedAt,
      title: marketplaceListings.title,
      slug: marketplaceListings.slug,
      sellerName: sellers.displayName,
      hiddenReason: marketplaceReviews.hiddenReason,
    })
    .from(marketplaceReviews)
    .innerJoin(users, eq(users.id, marketplaceReviews.userId))
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceReviews.listingId))
    .innerJoin(sellers, eq(sellers.id, marketplaceReviews.sellerId))
    .where(where)
    .orderBy(desc(marketplaceReviews.createdAt), desc(marketplaceReviews.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    key: `${r.subOrderId}-${r.listingId}`,
    rating: r.rating,
    body: r.body,
    buyerName: reviewerName(r.buyer),
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    listing: { title: r.title, slug: r.slug },
    sellerName: r.sellerName,
    hiddenReason: r.hiddenReason,
  }));
}

/** A listing's reviews as buyers see them, with its rating. */
export async function listListingReviews(listingId: number): Promise<{ reviews: TReviewView[]; rating: TRatingSummary | null }> {
  const where = and(eq(marketplaceReviews.listingId, listingId), visible)!;
  const [reviews, [totals]] = await Promise.all([
    listReviews(where),
    getDb()
      .select({ sum: sql<number>`coalesce(sum(${marketplaceReviews.rating}), 0)::int`, count: sql<number>`count(*)::int` })
      .from(marketplaceReviews)
      .where(where),
  ]);
  return { reviews, rating: ratingSummary(totals?.sum ?? 0, totals?.count ?? 0) };
}

/** Stores' ratings from their visible reviews, by store id. */
export async function sellerRatings(sellerIds: string[]): Promise<Map<string, TRatingSummary>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await getDb()
    .select({
      sellerId: marketplaceReviews.sellerId,
      sum: sql<number>`sum(${marketplaceReviews.rating})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(marketplaceReviews)
    .where(and(inArray(marketplaceReviews.sellerId, sellerIds), visible))
    .groupBy(marketplaceReviews.sellerId);
  return new Map(rows.flatMap((r) => (r.count > 0 ? [[r.sellerId, ratingSummary(r.sum, r.count)!] as const] : [])));
}

/** A store's latest reviews as buyers see them, on its storefront. */
export const listStoreReviews = (sellerId: string) => listReviews(and(eq(marketplaceReviews.sellerId, sellerId), visible)!, 6);

/** Every review of a store, hidden ones with staff's reason, for its dashboard. */
export const listSellerReviews = (sellerId: string) => listReviews(eq(marketplaceReviews.sellerId, sellerId), 50);

/** Staff's list: newest first, hidden ones included (with their reason). */
export const listReviewsForStaff = (filter: "all" | "hidden" = "all") =>
  listReviews(filter === "hidden" ? isNotNull(marketplaceReviews.hiddenAt) : sql`true`, 100);

/** A buyer's reviews, and the listings they received and have not reviewed yet. */
export async function listBuyerReviews(userId: string): Promise<{ written: TReviewView[]; toWrite: TReviewToWrite[] }> {
  const [written, received] = await Promise.all([
    listReviews(eq(marketplaceReviews.userId, userId), 50),
    getDb()
      .select({
        subOrderId: subOrders.id,
        position: subOrders.position,
        orderNumber: orders.number,
        listingId: marketplaceListings.id,
        title: marketplaceListings.title,
        slug: marketplaceListings.slug,
        sellerName: sellers.displayName,
        reviewed: marketplaceReviews.id,
      })
      .from(subOrders)
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .innerJoin(sellers, eq(sellers.id, subOrders.sellerId))
      .innerJoin(orderItems, eq(orderItems.subOrderId, subOrders.id))
      .innerJoin(marketplaceListings, eq(marketplaceListings.id, orderItems.listingId))
      .leftJoin(
        marketplaceReviews,
        and(eq(marketplaceReviews.subOrderId, subOrders.id), eq(marketplaceReviews.listingId, marketplaceListings.id)),
      )
      .where(and(eq(orders.userId, userId), eq(subOrders.status, "delivered")))
      .orderBy(desc(subOrders.updatedAt)),
  ]);
  return {
    written,
    toWrite: received
      .filter((r) => r.reviewed === null)
      .map((r) => ({
        key: `${r.subOrderId}-${r.listingId}`,
        subOrderId: r.subOrderId,
        listingId: r.listingId,
        title: r.title,
        slug: r.slug,
        sellerName: r.sellerName,
        partLabel: formatSubOrderNumber(r.orderNumber, r.position),
      })),
  };
}
