import { and, count, eq, gte } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TMessage } from "@domain/marketplace/message-input";
import { MESSAGES_PER_HOUR } from "@domain/marketplace/messages";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { getDb } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { orders, subOrders } from "../orders/schema";
import type { TStoredPhoto } from "./listing-media";
import { removeMessagePhotoFiles, storeMessagePhoto } from "./message-photos";
import { marketplaceMessages, sellers } from "./schema";

/**
 * A buyer or the seller writes about one part of an order (docs/product/marketplace.md#messages): only those two, once
 * the order is paid; text, a photo (checked by content and re-encoded like listing photos, but kept private) or both.
 * The other side is told in the app and by e-mail.
 */
export async function sendMessage(viewer: TViewer, input: TMessage, photoFile: File | null): Promise<TResult<{ label: string }>> {
  const db = getDb();
  const [row] = await db
    .select({
      status: subOrders.status,
      position: subOrders.position,
      orderNumber: orders.number,
      buyerId: orders.userId,
      sellerUserId: sellers.userId,
      sellerName: sellers.displayName,
      sellerKind: sellers.kind,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(sellers, eq(sellers.id, subOrders.sellerId))
    .where(eq(subOrders.id, input.subOrderId));
  const fromBuyer = row?.buyerId === viewer.id;
  if (!row || (!fromBuyer && row.sellerUserId !== viewer.id)) return refuse("not_found", "That order does not exist.");
  const label = formatSubOrderNumber(row.orderNumber, row.position);
  if (row.status === "pending_payment" || row.status === "cancelled") return refuse("conflict", "Messages open once the order is paid.");
  if (!input.body && !photoFile) return refuse("invalid_input", "Write a message or add a photo.", { field: "body" });
  const [sent] = await db
    .select({ n: count() })
    .from(marketplaceMessages)
    .where(
      and(
        eq(marketplaceMessages.subOrderId, input.subOrderId),
        eq(marketplaceMessages.senderUserId, viewer.id),
        gte(marketplaceMessages.createdAt, new Date(Date.now() - 3_600_000)),
      ),
    );
  if ((sent?.n ?? 0) >= MESSAGES_PER_HOUR)
    return refuse("rate_limited", "You have sent many messages about this order in the last hour. Please wait a little.");
  let photo: TStoredPhoto | null = null;
  if (photoFile) {
    const stored = await storeMessagePhoto(photoFile);
    if (!stored.ok) return refuse("invalid_input", stored.error.message, { field: "photo" });
    photo = stored.photo;
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(marketplaceMessages).values({
        subOrderId: input.subOrderId,
        senderUserId: viewer.id,
        body: input.body,
        photoSmall: photo?.smallPath ?? null,
        photoLarge: photo?.largePath ?? null,
        photoWidth: photo?.width ?? null,
        photoHeight: photo?.height ?? null,
      });
      const preview = input.body ? (input.body.length > 140 ? `${input.body.slice(0, 137)}...` : input.body) : "Sent a photo.";
      await notifyUser(tx, {
        userId: fromBuyer ? row.sellerUserId : row.buyerId,
        type: "order",
        title: fromBuyer ? `Message from your buyer about ${label}` : `Message from ${row.sellerName} about ${label}`,
        message: preview,
        link: fromBuyer
          ? row.sellerKind === "architect"
            ? "/architect/dashboard#orders"
            : "/seller/dashboard#orders"
          : "/marketplace/buyer-dashboard#purchases",
        metadata: { subOrderId: input.subOrderId },
        emailCopy: true,
        emailSubject: `New message about your marketplace order ${label}`,
      });
    });
  } catch (error) {
    if (photo) await removeMessagePhotoFiles([photo]);
    throw error;
  }
  return succeed({ label });
}
