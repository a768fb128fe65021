import { and, count, eq } from "drizzle-orm";
import type { TPendingApprovals } from "@domain/marketplace/marketplace";
import { countOpenRefundRequests } from "../alerts/count-open-refund-requests";
import { getDb } from "../db/client";
import { countOpenDeletionRequests } from "../privacy/count-open-deletion-requests";
import { countWaitingReferralPayouts } from "../referrals/count-waiting-referral-payouts";
import { marketplaceListings, marketplacePayouts, sellerApplications, sellers } from "./schema";

/** What waits for an admin's decision (docs/product/marketplace.md#pending-approvals), counted from real requests. */
export async function countPendingApprovals(): Promise<TPendingApprovals> {
  const [byKind, [listings], refundRequests, [payouts], referralPayouts, deletionRequests] = await Promise.all([
    getDb()
      .select({ kind: sellerApplications.kind, n: count() })
      .from(sellerApplications)
      .where(eq(sellerApplications.status, "pending"))
      .groupBy(sellerApplications.kind),
    // A suspended seller's listing waits until the store is restored: it is not counted.
    getDb()
      .select({ n: count() })
      .from(marketplaceListings)
      .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
      .where(and(eq(marketplaceListings.status, "pending"), eq(sellers.status, "active"))),
    countOpenRefundRequests(),
    getDb().select({ n: count() }).from(marketplacePayouts).where(eq(marketplacePayouts.status, "requested")),
    countWaitingReferralPayouts(),
    countOpenDeletionRequests(),
  ]);
  const of = (kind: string) => byKind.find((r) => r.kind === kind)?.n ?? 0;
  return {
    sellerApplications: of("seller"),
    architectApplications: of("architect"),
    listingReviews: listings?.n ?? 0,
    refundRequests,
    // Sellers' and referrers' payouts wait in one queue (/admin/payouts).
    payoutRequests: (payouts?.n ?? 0) + referralPayouts,
    deletionRequests,
  };
}
