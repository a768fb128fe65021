import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import type { TErasureHold, TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { erasedText, eraseMentions, personNeedles } from "../db/erase-text";
import { orders, subOrders } from "../orders/schema";
import { readSellerLedger } from "./get-seller-earnings";
import { removeMessagePhotoFiles } from "./message-photos";
import {
  consultationRequests,
  marketplaceDownloadGrants,
  marketplaceListings,
  marketplaceMessages,
  marketplacePayouts,
  marketplaceReviews,
  marketplaceSavedListings,
  sellerApplications,
  sellers,
} from "./schema";

const CLOSED_REASON = "Store closed: the seller asked us to delete their data.";

/**
 * What keeps a seller's deletion waiting (docs/product/privacy-requests.md#what-holds-a-deletion): parts of orders their
 * store has not delivered, and money we still owe them (earnings not yet paid out, payouts asked for or on their way).
 */
export async function marketplaceErasureHolds(db: DbOrTx, userId: string): Promise<TErasureHold[]> {
  const [store] = await db.select({ id: sellers.id, name: sellers.displayName }).from(sellers).where(eq(sellers.userId, userId));
  if (!store) return [];
  const holds: TErasureHold[] = [];
  const open = await db
    .select({ number: orders.number, position: subOrders.position })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(and(eq(subOrders.sellerId, store.id), inArray(subOrders.status, ["paid", "processing", "shipped"])))
    .orderBy(orders.number, subOrders.position);
  for (const part of open)
    holds.push({ reason: `${store.name} has not delivered order part ${formatSubOrderNumber(part.number, part.position)} yet.` });
  const { balance } = await readSellerLedger(db, store.id);
  const owed = balance.pendingKobo + Math.max(0, balance.availableKobo) + balance.requestedKobo;
  if (owed > 0)
    holds.push({
      reason: `${store.name} is still owed ${formatKobo(owed)} in marketplace earnings: pay it out (or wait for the refund window) first.`,
    });
  return holds;
}

/**
 * The marketplace's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data). As a seller:
 * the store closes (hidden like a suspended one, its listings unpublished) and loses its name, bio, phone and payout
 * account; payouts keep amount, reference and date with the account number cut to its last 4 digits; applications lose
 * their details. As a buyer: reviews stay as "A customer", messages they wrote are replaced by a note (photos deleted),
 * saved listings go, downloads are revoked, consultation briefs are removed.
 */
export async function forgetMarketplacePerson(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const now = new Date();
  const needles = personNeedles(p);
  let rows = 0;
  const count = (r: unknown[]) => void (rows += r.length);

  const [store] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, p.userId)).for("update");
  if (store) {
    count(
      await tx
        .update(sellers)
        .set({
          status: "suspended",
          suspendedReason: CLOSED_REASON,
          suspendedAt: now,
          displayName: "Closed store",
          bio: "",
          phone: "",
          accountNumber: "",
          accountName: "",
          accountVerified: false,
          transferRecipientCode: null,
        })
        .where(eq(sellers.id, store.id))
        .returning({ id: sellers.id }),
    );
    count(
      await tx
        .update(marketplaceListings)
        .set({ status: "unpublished", updatedAt: now })
        .where(and(eq(marketplaceListings.sellerId, store.id), inArray(marketplaceListings.status, ["pending", "published"])))
        .returning({ id: marketplaceListings.id }),
    );
    count(
      await tx
        .update(marketplacePayouts)
        .set({
          accountName: "[removed]",
          accountNumber: sql`'******' || right(${marketplacePayouts.accountNumber}, 4)`,
          note: erasedText(marketplacePayouts.note, needles),
        })
        .where(eq(marketplacePayouts.sellerId, store.id))
        .returning({ id: marketplacePayouts.id }),
    );
    // Requests to the studio that nobody will now answer.
    count(
      await tx
        .update(consultationRequests)
        .set({ status: "declined", reply: "The studio has closed.", decidedAt: now })
        .where(and(eq(consultationRequests.sellerId, store.id), eq(consultationRequests.status, "pending")))
        .returning({ id: consultationRequests.id }),
    );
  }
  count(
    await tx
      .update(sellerApplications)
      .set({
        businessName: "[removed]",
        bio: "",
        phone: "",
        cacNumber: null,
        accountNumber: "",
        accountName: "",
        accountVerified: false,
        portfolioUrl: null,
        licenceBody: null,
        licenceNumber: null,
        status: sql`case when ${sellerApplications.status} in ('pending', 'needs_info') then 'rejected' else ${sellerApplications.status} end`,
        reviewNote: sql`case when ${sellerApplications.status} in ('pending', 'needs_info') then 'Closed: the applicant asked us to delete their data.' else ${sellerApplications.reviewNote} end`,
      })
      .where(eq(sellerApplications.userId, p.userId))
      .returning({ id: sellerApplications.id }),
  );

  rows += await eraseMentions(tx, marketplaceReviews, [marketplaceReviews.body], needles, eq(marketplaceReviews.userId, p.userId));
  const photos = await tx
    .select({ smallPath: marketplaceMessages.photoSmall, largePath: marketplaceMessages.photoLarge })
    .from(marketplaceMessages)
    .where(and(eq(marketplaceMessages.senderUserId, p.userId), isNotNull(marketplaceMessages.photoSmall)));
  count(
    await tx
      .update(marketplaceMessages)
      .set({
        body: "This message was removed at its writer's request.",
        photoSmall: null,
        photoLarge: null,
        photoWidth: null,
        photoHeight: null,
      })
      .where(eq(marketplaceMessages.senderUserId, p.userId))
      .returning({ id: marketplaceMessages.id }),
  );
  count(
    await tx
      .delete(marketplaceSavedListings)
      .where(eq(marketplaceSavedListings.userId, p.userId))
      .returning({ id: marketplaceSavedListings.listingId }),
  );
  count(
    await tx
      .update(marketplaceDownloadGrants)
      .set({ revokedAt: now })
      .where(and(eq(marketplaceDownloadGrants.userId, p.userId), isNull(marketplaceDownloadGrants.revokedAt)))
      .returning({ id: marketplaceDownloadGrants.id }),
  );
  count(
    await tx
      .update(consultationRequests)
      .set({
        brief: "Removed at the requester's request.",
        city: "",
        status: sql`case when ${consultationRequests.status} = 'pending' then 'declined' else ${consultationRequests.status} end`,
        reply: sql`coalesce(${consultationRequests.reply}, 'Closed: the person asked us to delete their data.')`,
        decidedAt: sql`coalesce(${consultationRequests.decidedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(consultationRequests.userId, p.userId))
      .returning({ id: consultationRequests.id }),
  );
  const stored = photos.filter((ph): ph is { smallPath: string; largePath: string } => !!ph.smallPath && !!ph.largePath);
  return { rows, afterCommit: stored.length ? () => removeMessagePhotoFiles(stored) : undefined };
}
