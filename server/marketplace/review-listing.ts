import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TListingReview } from "@domain/marketplace/listing-input";
import type { TListingStatus } from "@domain/marketplace/listings";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { bumpContentVersion } from "../http/page-cache";
import { enqueueEmail } from "../messaging/enqueue-email";
import { listingPublishedEmail, listingRejectedEmail } from "../messaging/marketplace-emails";
import { notifyUser } from "../notifications/notify-user";
import { marketplaceListings, sellers } from "./schema";

/**
 * Staff publish or reject a listing awaiting review (docs/product/marketplace.md#review-of-listings). The row is locked,
 * so two reviewers cannot both decide; a listing the seller changed after the reviewer opened it is not decided
 * blind. The seller is told in the app and by e-mail; the decision is audited.
 */
export async function reviewListing(
  reviewer: TViewer,
  input: TListingReview,
): Promise<TResult<{ title: string; status: TListingStatus; slug: string }>> {
  const result = await getDb().transaction(async (tx) => {
    const [listing] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, input.listingId)).for("update");
    if (!listing) return refuse("not_found", "That listing does not exist.");
    if (listing.status !== "pending") return refuse("conflict", "This listing is not awaiting review any more.");
    if (listing.updatedAt.getTime() > new Date(input.seen).getTime())
      return refuse("conflict", "The seller changed this listing after you opened it. Look at it again before deciding.");
    const [owner] = await tx
      .select({ userId: sellers.userId, name: users.name, email: users.email })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.id, listing.sellerId));
    if (!owner) return refuse("not_found", "That listing does not exist.");
    const now = new Date();
    const status: TListingStatus = input.decision === "approve" ? "published" : "rejected";
    const decided = {
      status,
      reviewNote: status === "rejected" ? input.note! : null,
      reviewedBy: reviewer.id,
      reviewedAt: now,
      ...(status === "published" ? { publishedAt: listing.publishedAt ?? now } : {}),
    };
    await tx.update(marketplaceListings).set(decided).where(eq(marketplaceListings.id, listing.id));
    const mail = { name: owner.name, title: listing.title, slug: listing.slug };
    if (status === "published") await enqueueEmail(tx, "listing_published", owner, listingPublishedEmail(mail, publicUrl()));
    else await enqueueEmail(tx, "listing_rejected", owner, listingRejectedEmail({ ...mail, reason: input.note! }, publicUrl()));
    await notifyUser(tx, {
      userId: owner.userId,
      type: "other",
      title: status === "published" ? `Published: ${listing.title}` : `Not published: ${listing.title}`,
      message: status === "published" ? "Buyers can now find it on the marketplace." : input.note!,
      link: status === "published" ? `/marketplace/${listing.slug}` : `/seller/listings/${listing.id}`,
    });
    await recordAudit(tx, {
      actorId: reviewer.id,
      action: `marketplace.listing.${input.decision}`,
      resourceType: "marketplace_listing",
      resourceId: String(listing.id),
      oldData: { status: listing.status },
      newData: decided,
    });
    return succeed({ title: listing.title, status, slug: listing.slug });
  });
  if (result.ok && result.status === "published") bumpContentVersion();
  return result;
}
