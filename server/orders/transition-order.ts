import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { canTransition, formatOrderNumber, ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { cancelOrderEnrolments } from "../academy/cancel-order-enrolments";
import { undoZavChargeOrderLines } from "../zavcharge/wallet/undo-zavcharge-order-lines";
import type { DbOrTx } from "../db/client";
import { commitOrderStock } from "../inventory/commit-order-stock";
import { releaseOrderStock } from "../inventory/reserve-stock";
import { bumpContentVersion } from "../http/page-cache";
import { orderEvents, orderItems, orders, subOrders } from "./schema";
import { releaseListingStock } from "../marketplace/listing-stock-holds";
import { reverseMarketplaceSale } from "../marketplace/record-marketplace-sale";
import { AppError } from "@domain/errors/app-error";

export type TTransition = { orderId: string; to: TOrderStatus; actorLabel: string; actorUserId?: string | null; note?: string | null };

/** Locks the order row for the rest of the caller's transaction. */
export async function lockOrder(tx: DbOrTx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new AppError("not_found", "Order not found.");
  return order;
}

/**
 * The only writer of orders.status: checks the state machine, records who moved it and when, and keeps
 * stock in step (paid or confirmed takes goods off the shelf; cancelled gives held stock back; refunded cancels the
 * enrolments the order paid for and takes back its top-ups).
 */
export async function transitionOrder(tx: DbOrTx, t: TTransition) {
  const order = await lockOrder(tx, t.orderId);
  const from = order.status as TOrderStatus;
  const method = order.paymentMethod as TPaymentMethod;
  if (!canTransition(from, t.to, method)) {
    throw new AppError(
      "conflict",
      `Order ${formatOrderNumber(order.number)} is ${ORDER_STATUSES[from].toLowerCase()} and cannot be marked ${ORDER_STATUSES[t.to].toLowerCase()}.`,
    );
  }
  const now = new Date();
  // Pay on delivery: the money arrives with the goods.
  const paidNow = t.to === "paid" || (t.to === "delivered" && method === "pay_on_delivery" && !order.paidAt);
  await tx
    .update(orders)
    .set({ status: t.to, updatedAt: now, ...(paidNow ? { paidAt: now } : {}) })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: t.to,
    actorLabel: t.actorLabel,
    actorUserId: t.actorUserId ?? null,
    note: t.note ?? null,
  });

  const refundedParts = await moveParts(tx, order.id, t.to, now);

  if (from === "pending_payment" && (t.to === "paid" || t.to === "processing")) {
    const lines = await tx
      .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    await commitOrderStock(
      tx,
      { id: order.id, label: formatOrderNumber(order.number) },
      lines.filter((l): l is { variantId: number; quantity: number } => l.variantId !== null),
    );
    bumpContentVersion();
  } else if (t.to === "cancelled") {
    await releaseOrderStock(tx, order.id);
    await releaseListingStock(tx, order.id);
    bumpContentVersion();
  } else if (t.to === "refunded") {
    // The undo of fulfilment on payment: the enrolments this order paid for end (course lines have no stock).
    await cancelOrderEnrolments(tx, { orderId: order.id, reason: `Order ${formatOrderNumber(order.number)} was refunded` });
    await undoZavChargeOrderLines(tx, order.id);
    await reverseMarketplaceSale(tx, refundedParts);
    bumpContentVersion();
  }
  return { ...order, status: t.to, paidAt: paidNow ? now : order.paidAt, previous: from };
}

/**
 * Keeps the order's parts in step (docs/product/marketplace.md#fulfilment): payment, cancellation and a refund of the
 * whole order move every part still open; the house's goods moving on (processing, shipped, delivered) move only the
 * house's part, as sellers move their own. Answers the sellers' parts refunded now.
 */
async function moveParts(tx: DbOrTx, orderId: string, to: TOrderStatus, now: Date): Promise<number[]> {
  const whole = to === "paid" || to === "cancelled" || to === "refunded";
  const open = notInArray(subOrders.status, [
    "cancelled",
    "refunded",
    ...(to === "paid" ? ["paid", "processing", "shipped", "delivered"] : []),
  ]);
  const moved = await tx
    .update(subOrders)
    .set({ status: to, updatedAt: now, ...(to === "delivered" ? { deliveredAt: now } : {}) })
    .where(and(eq(subOrders.orderId, orderId), open, whole ? undefined : isNull(subOrders.sellerId)))
    .returning({ id: subOrders.id, sellerId: subOrders.sellerId });
  return to === "refunded" ? moved.filter((p) => p.sellerId !== null).map((p) => p.id) : [];
}

/** For lists: the newest first timeline of one order. */
export async function listOrderEvents(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(sql`${orderEvents.createdAt} asc, ${orderEvents.id} asc`);
}
