import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TListingStatus } from "@domain/marketplace/listings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { findSellerOf } from "./find-seller-of";
import { marketplaceListings } from "./schema";

/**
 * The seller takes a listing off the marketplace (published or awaiting review -> unpublished), or sends an
 * unpublished or rejected one back for review (docs/product/marketplace.md#listings).
 */
export async function setListingVisibility(
  viewer: TViewer,
  input: { listingId: number; intent: "unpublish" | "resubmit" },
): Promise<TResult<{ title: string; status: TListingStatus }>> {
  const seller = await findSellerOf(viewer.id);
  if (!seller) return refuse("forbidden", "Only approved marketplace sellers have listings.");
  const result = await getDb().transaction(async (tx) => {
    const [listing] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, input.listingId)).for("update");
    if (!listing || listing.sellerId !== seller.id) return refuse("not_found", "That listing does not exist.");
    const from = listing.status as TListingStatus;
    let to: TListingStatus;
    if (input.intent === "unpublish") {
      if (from !== "published" && from !== "pending") return refuse("conflict", "This listing is not on the marketplace.");
      to = "unpublished";
    } else {
      if (seller.status === "suspended")
        return refuse("forbidden", "Your store is suspended: listings cannot be sent for review until it is restored.");
      if (from !== "unpublished" && from !== "rejected") return refuse("conflict", "This listing is already published or awaiting review.");
      to = "pending";
    }
    const now = new Date();
    await tx
      .update(marketplaceListings)
      .set({ status: to, updatedAt: now, ...(to === "pending" ? { submittedAt: now, reviewNote: null } : {}) })
      .where(eq(marketplaceListings.id, listing.id));
    await recordAudit(tx, {
      actorId: viewer.id,
      action: `marketplace.listing.${input.intent}`,
      resourceType: "marketplace_listing",
      resourceId: String(listing.id),
      oldData: { status: from },
      newData: { status: to },
    });
    return succeed({ title: listing.title, status: to, wasPublished: from === "published" });
  });
  if (!result.ok) return result;
  if (result.wasPublished) bumpContentVersion();
  return succeed({ title: result.title, status: result.status });
}
