import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { earningAvailableAt, sellerEarningKobo } from "@domain/marketplace/earnings";
import { formatKobo } from "@domain/money/money";
import { DOWNLOADS_PER_PURCHASE } from "@domain/marketplace/listings";
import type { DbOrTx } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { orderItems, subOrders } from "../orders/schema";
import { getSettings } from "../settings/get-settings";
import { marketplaceDownloadGrants, marketplaceEarnings, marketplaceListings, sellers } from "./schema";

/**
 * What the marketplace does when an order with sellers' lines is paid (docs/product/marketplace.md#earnings): each
 * seller's part earns (held until delivery and the refund window), each design bought becomes downloadable by the
 * buyer, and each seller hears they have an order to fulfil. Called once, by markOrderPaid, in the transaction that
 * moves the order to paid; the unique keys make a repeat harmless anyway. Answers the parts that hold only designs:
 * they are delivered by the download itself.
 */
export async function recordMarketplaceSale(tx: DbOrTx, order: { id: string; userId: string; label: string }) {
  const parts = await tx
    .select({
      id: subOrders.id,
      position: subOrders.position,
      sellerId: subOrders.sellerId,
      subtotalKobo: subOrders.subtotalKobo,
      shippingKobo: subOrders.shippingKobo,
      commissionKobo: subOrders.commissionKobo,
      sellerUserId: sellers.userId,
      sellerKind: sellers.kind,
    })
    .from(subOrders)
    .innerJoin(sellers, eq(sellers.id, subOrders.sellerId))
    .where(and(eq(subOrders.orderId, order.id), isNotNull(subOrders.sellerId)));
  if (parts.length === 0) return { designOnlyPartIds: [] as number[] };
  const lines = await tx
    .select({ id: orderItems.id, subOrderId: orderItems.subOrderId, listingId: orderItems.listingId, kind: marketplaceListings.kind })
    .from(orderItems)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, orderItems.listingId))
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, "listing")));

  for (const part of parts) {
    await tx
      .insert(marketplaceEarnings)
      .values({ sellerId: part.sellerId!, subOrderId: part.id, amountKobo: sellerEarningKobo(part), commissionKobo: part.commissionKobo })
      .onConflictDoNothing();
    const designOnly = lines.filter((l) => l.subOrderId === part.id).every((l) => l.kind === "design");
    const label = `${order.label}-${part.position}`;
    await notifyUser(tx, {
      userId: part.sellerUserId,
      type: "order",
      priority: "high",
      title: designOnly ? `Design sold: ${label}` : `New order to fulfil: ${label}`,
      message: designOnly
        ? `A buyer paid for your design (${formatKobo(part.subtotalKobo)}). They can download it now.`
        : `A buyer paid ${formatKobo(part.subtotalKobo + part.shippingKobo)} for your goods. Accept the order and tell them when it ships.`,
      link: part.sellerKind === "architect" ? "/architect/dashboard#orders" : "/seller/dashboard#orders",
      metadata: { subOrderId: part.id },
      emailCopy: true,
      emailSubject: designOnly ? `Your design sold: ${label}` : `New marketplace order ${label}`,
    });
  }
  const designs = lines.filter((l) => l.kind === "design");
  if (designs.length > 0) {
    await tx
      .insert(marketplaceDownloadGrants)
      .values(
        designs.map((l) => ({ userId: order.userId, listingId: l.listingId!, orderItemId: l.id, maxDownloads: DOWNLOADS_PER_PURCHASE })),
      )
      .onConflictDoNothing();
  }
  return {
    designOnlyPartIds: parts.filter((p) => lines.filter((l) => l.subOrderId === p.id).every((l) => l.kind === "design")).map((p) => p.id),
  };
}

/** A delivered part's earning becomes payable once the refund window after delivery has passed. */
export async function startEarningWindow(tx: DbOrTx, subOrderId: number, deliveredAt: Date) {
  const { sellerRefundWindowDays } = await getSettings(tx);
  await tx
    .update(marketplaceEarnings)
    .set({ availableAt: earningAvailableAt(deliveredAt, sellerRefundWindowDays), updatedAt: sql`now()` })
    .where(and(eq(marketplaceEarnings.subOrderId, subOrderId), eq(marketplaceEarnings.status, "held")));
}

/** A refunded part takes back its seller's earning and its commission, and its designs cannot be downloaded any more. */
export async function reverseMarketplaceSale(tx: DbOrTx, subOrderIds: number[]) {
  if (subOrderIds.length === 0) return;
  await tx
    .update(marketplaceEarnings)
    .set({ status: "reversed", updatedAt: sql`now()` })
    .where(inArray(marketplaceEarnings.subOrderId, subOrderIds));
  const items = tx.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.subOrderId, subOrderIds));
  await tx
    .update(marketplaceDownloadGrants)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(marketplaceDownloadGrants.orderItemId, items), isNull(marketplaceDownloadGrants.revokedAt)));
}
