import { eq } from "drizzle-orm";
import { certain, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatSubOrderNumber, PART_PROGRESS, PART_STEPS, type TPartStep } from "@domain/marketplace/sub-orders";
import { ORDER_STATUS_KEYS, ORDER_STATUSES, type TOrderStatus } from "@domain/orders/order-status";
import type { DbOrTx } from "../db/client";
import { startEarningWindow } from "../marketplace/record-marketplace-sale";
import { notifyUser } from "../notifications/notify-user";
import { orders, subOrderEvents, subOrders } from "./schema";
import { lockOrder, ORDER_NOT_FOUND, transitionOrder } from "./transition-order";

type TAdvancedPart = typeof subOrders.$inferSelect & { label: string };

export type TAdvanceSubOrder = {
  subOrderId: number;
  step: TPartStep | "digital";
  actorLabel: string;
  actorUserId?: string | null;
  /** Only this store's parts may move (the seller's own); omitted for the system. */
  sellerId?: string;
  note?: string | null;
};

/**
 * The only writer of a seller's part's status (docs/product/marketplace.md#fulfilment): one step at a time, recorded
 * in its timeline, the buyer told; a delivered part starts its earning's refund window. "digital" delivers a part of
 * designs only as soon as it is paid. An order with no goods of the house's own follows its slowest part.
 */
export async function advanceSubOrder(tx: DbOrTx, a: TAdvanceSubOrder): Promise<TResult<{ part: TAdvancedPart }>> {
  const [found] = await tx.select().from(subOrders).where(eq(subOrders.id, a.subOrderId));
  // The order is locked before its part, as every order writer does.
  const order = found ? await lockOrder(tx, found.orderId) : undefined;
  const [part] = found ? await tx.select().from(subOrders).where(eq(subOrders.id, a.subOrderId)).for("update") : [];
  if (!part || !order || !part.sellerId || (a.sellerId && part.sellerId !== a.sellerId)) return refuse("not_found", ORDER_NOT_FOUND);
  const label = formatSubOrderNumber(order.number, part.position);
  const from = part.status as TOrderStatus;
  const to: TOrderStatus = a.step === "digital" ? "delivered" : PART_STEPS[a.step].to;
  const allowed = a.step === "digital" ? from === "paid" : PART_STEPS[a.step].from === from;
  if (!allowed)
    return refuse(
      "conflict",
      `Order ${label} is ${ORDER_STATUSES[from].toLowerCase()} and cannot be marked ${ORDER_STATUSES[to].toLowerCase()}.`,
    );
  const now = new Date();
  const note = a.note?.trim() || null;
  await tx
    .update(subOrders)
    .set({
      status: to,
      updatedAt: now,
      ...(to === "shipped" ? { trackingNote: note } : {}),
      ...(to === "delivered" ? { deliveredAt: now } : {}),
    })
    .where(eq(subOrders.id, part.id));
  await tx
    .insert(subOrderEvents)
    .values({ subOrderId: part.id, fromStatus: from, toStatus: to, actorLabel: a.actorLabel, actorUserId: a.actorUserId ?? null, note });
  if (to === "delivered") await startEarningWindow(tx, part.id, now);
  if (a.step !== "digital") {
    const says: Partial<Record<TOrderStatus, string>> = {
      processing: `The seller accepted ${label} and is getting it ready.`,
      shipped: `${label} is on its way.${note ? ` The seller says: ${note}` : ""}`,
      delivered: `${label} was marked delivered. Enjoy it, and tell other buyers how it went with a review.`,
    };
    await notifyUser(tx, {
      userId: order.userId,
      type: "order",
      title: `${label}: ${ORDER_STATUSES[to].toLowerCase()}`,
      message: says[to] ?? `${label} is ${ORDER_STATUSES[to].toLowerCase()}.`,
      link: "/marketplace/buyer-dashboard#purchases",
      metadata: { orderId: order.id, subOrderId: part.id },
      emailCopy: to !== "processing",
      emailSubject: `Your marketplace order ${label} is ${ORDER_STATUSES[to].toLowerCase()}`,
    });
  }
  await followSellerParts(tx, order.id);
  return succeed({ part: { ...part, status: to, label } });
}

/**
 * An order of sellers' goods only has nobody else to move it: it moves on as its slowest part does, so the buyer's
 * order list and the staff see it delivered when every part is.
 */
async function followSellerParts(tx: DbOrTx, orderId: string) {
  const parts = await tx
    .select({ sellerId: subOrders.sellerId, status: subOrders.status })
    .from(subOrders)
    .where(eq(subOrders.orderId, orderId));
  if (parts.length === 0 || parts.some((p) => p.sellerId === null)) return;
  const progress = parts.flatMap((p) => {
    const n = PART_PROGRESS[p.status as TOrderStatus];
    return n === undefined ? [] : [n];
  });
  if (progress.length === 0) return;
  const slowest = Math.min(...progress);
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  let at = PART_PROGRESS[order!.status as TOrderStatus];
  while (at !== undefined && at < slowest) {
    const next = ORDER_STATUS_KEYS.find((k) => PART_PROGRESS[k] === at! + 1)!;
    // The order is locked and behind its slowest part, so it may move one step on.
    certain(
      await transitionOrder(tx, {
        orderId,
        to: next,
        actorLabel: "Marketplace sellers",
        note: `Every seller's part is ${ORDER_STATUSES[next].toLowerCase()}`,
      }),
      "Moving an order on with its sellers' parts",
    );
    at += 1;
  }
}
