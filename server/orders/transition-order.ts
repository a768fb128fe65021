import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { canTransition, formatOrderNumber, ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import type { DbOrTx } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { orderEvents, orders, subOrders } from "./schema";
import type { TOrderRef } from "./purchasable-kind";
import { kindsInOrder } from "./purchasable-kinds";
import { tellOrderPaid, tellOrderRefunded } from "./order-subscribers";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";

export type TTransition = { orderId: string; to: TOrderStatus; actorLabel: string; actorUserId?: string | null; note?: string | null };

export type TOrderRow = typeof orders.$inferSelect;

/** Locks the order row for the rest of the caller's transaction; none when there is no such order. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<TOrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

export const ORDER_NOT_FOUND = "Order not found.";

/** The order after a move, with the status it left. */
export type TMovedOrder = TOrderRow & { previous: TOrderStatus };

/**
 * The only writer of orders.status: checks the state machine, records who moved it and when, and keeps
 * each kind of line in step: paid or confirmed takes goods off the shelf, cancelled gives held stock back, refunded
 * undoes what payment fulfilled (enrolments, top-ups, sellers' earnings and downloads).
 */
export async function transitionOrder(tx: DbOrTx, t: TTransition): Promise<TResult<{ order: TMovedOrder }>> {
  const order = await lockOrder(tx, t.orderId);
  if (!order) return refuse("not_found", ORDER_NOT_FOUND);
  const from = order.status as TOrderStatus;
  const method = order.paymentMethod as TPaymentMethod;
  if (!canTransition(from, t.to, method)) {
    return refuse(
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
  const ref: TOrderRef = { id: order.id, userId: order.userId, number: order.number, paymentMethod: method };
  // Each kind of line keeps in step (docs/decisions/0013-one-cart-many-kinds.md).
  if (from === "pending_payment" && (t.to === "paid" || t.to === "processing")) {
    for (const kind of await kindsInOrder(tx, order.id)) await kind.confirm?.(tx, ref);
    bumpContentVersion();
  } else if (t.to === "cancelled") {
    for (const kind of await kindsInOrder(tx, order.id)) await kind.release?.(tx, ref);
    bumpContentVersion();
  } else if (t.to === "refunded") {
    await undoRefundedParts(tx, ref, refundedParts);
    bumpContentVersion();
  }
  if (paidNow) await tellOrderPaid(tx, ref, now);
  return succeed({ order: { ...order, status: t.to, paidAt: paidNow ? now : order.paidAt, previous: from } });
}

/**
 * The undo of fulfilment, by each kind with lines in the parts refunded now (their seats, credit, earnings, downloads),
 * and what hangs on those parts' money (referral commissions).
 */
export async function undoRefundedParts(tx: DbOrTx, order: TOrderRef, partIds: number[]) {
  for (const kind of await kindsInOrder(tx, order.id, partIds)) await kind.undo?.(tx, order, partIds);
  await tellOrderRefunded(tx, order, partIds);
}

/**
 * Keeps the order's parts in step (docs/product/marketplace.md#fulfilment): payment, cancellation and a refund of the
 * whole order move every part still open; the house's goods moving on (processing, shipped, delivered) move only the
 * house's part, as sellers move their own. Answers the parts refunded now.
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
  return to === "refunded" ? moved.map((p) => p.id) : [];
}

/** For lists: the newest first timeline of one order. */
export async function listOrderEvents(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(sql`${orderEvents.createdAt} asc, ${orderEvents.id} asc`);
}
