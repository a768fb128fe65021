import { asc, count, desc, eq } from "drizzle-orm";
import { LISTING_STATUSES, REVIEW_QUEUE_PAGE_SIZE, type TListingKind, type TListingStatus } from "@domain/marketplace/listings";
import type { TSellerStatus } from "@domain/marketplace/marketplace";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { marketplaceListings, sellers } from "./schema";

/** Staff's listing queue (docs/product/marketplace.md#review-of-listings): by state, the oldest waiting first. */
export async function listListingReviewQueue(params: URLSearchParams) {
  const asked = params.get("status");
  const status: TListingStatus = LISTING_STATUSES.includes(asked as TListingStatus) ? (asked as TListingStatus) : "pending";
  const requestedPage = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const db = getDb();
  const where = eq(marketplaceListings.status, status);
  const { rows, total, page, pageCount } = await paginate(
    requestedPage,
    REVIEW_QUEUE_PAGE_SIZE,
    async () => (await db.select({ n: count() }).from(marketplaceListings).where(where))[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select({
          id: marketplaceListings.id,
          kind: marketplaceListings.kind,
          title: marketplaceListings.title,
          priceKobo: marketplaceListings.priceKobo,
          submittedAt: marketplaceListings.submittedAt,
          sellerName: sellers.displayName,
          sellerStatus: sellers.status,
        })
        .from(marketplaceListings)
        .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
        .where(where)
        .orderBy(
          status === "pending" ? asc(marketplaceListings.submittedAt) : desc(marketplaceListings.updatedAt),
          asc(marketplaceListings.id),
        )
        .limit(limit)
        .offset(offset),
  );
  return {
    status,
    page,
    pageCount,
    total,
    rows: rows.map((r) => ({
      ...r,
      kind: r.kind as TListingKind,
      sellerStatus: r.sellerStatus as TSellerStatus,
      priceKobo: Number(r.priceKobo),
      submittedAt: r.submittedAt.toISOString(),
    })),
  };
}
