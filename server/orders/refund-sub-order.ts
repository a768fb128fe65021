import { eq } from "drizzle-orm";
import { certain, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { canTransition, ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import type { DbOrTx } from "../db/client";
import { notifySellerOfRefund } from "../marketplace/notify-seller-of-refund";
import { subOrderEvents, subOrders } from "./schema";
import { lockOrder, ORDER_NOT_FOUND, transitionOrder, undoRefundedParts, type TOrderRow } from "./transition-order";

type TPartRow = typeof subOrders.$inferSelect;

const REFUNDABLE: TOrderStatus[] = ["paid", "processing", "shipped", "delivered"];

/** Whether a seller's part can be refunded on its own: paid and not refunded, in an order not refunded as a whole. */
export const partRefundable = (part: { sellerId: string | null; status: string }, orderStatus: string) =>
  part.sellerId !== null && REFUNDABLE.includes(part.status as TOrderStatus) && orderStatus !== "refunded";

/**
 * Marks one seller's part refunded (docs/product/marketplace.md#refunds), in the transaction that records the money
 * going back: its earning and commission are reversed and its designs can no longer be downloaded. When every part of
 * the order is refunded or cancelled, the order itself becomes refunded.
 */
export async function markSubOrderRefunded(
  tx: DbOrTx,
  r: { subOrderId: number; actorLabel: string; actorUserId: string; note: string },
): Promise<TResult<{ label: string; order: TOrderRow; part: TPartRow }>> {
  const [found] = await tx.select().from(subOrders).where(eq(subOrders.id, r.subOrderId));
  const order = found ? await lockOrder(tx, found.orderId) : undefined;
  if (!order) return refuse("not_found", ORDER_NOT_FOUND);
  const [part] = await tx.select().from(subOrders).where(eq(subOrders.id, r.subOrderId)).for("update");
  const label = formatSubOrderNumber(order.number, part!.position);
  if (!partRefundable(part!, order.status))
    return refuse(
      "conflict",
      `${label} is ${ORDER_STATUSES[part!.status as TOrderStatus].toLowerCase()} and cannot be refunded on its own.`,
    );
  await tx.update(subOrders).set({ status: "refunded", updatedAt: new Date() }).where(eq(subOrders.id, part!.id));
  await tx.insert(subOrderEvents).values({
    subOrderId: part!.id,
    fromStatus: part!.status,
    toStatus: "refunded",
    actorLabel: r.actorLabel,
    actorUserId: r.actorUserId,
    note: r.note,
  });
  const method = order.paymentMethod as TPaymentMethod;
  await undoRefundedParts(tx, { id: order.id, userId: order.userId, number: order.number, paymentMethod: method }, [part!.id]);
  await notifySellerOfRefund(tx, { sellerId: part!.sellerId!, subOrderId: part!.id, label, note: r.note });
  const parts = await tx.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, order.id));
  const allBack = parts.every((p) => p.status === "refunded" || p.status === "cancelled");
  if (allBack && canTransition(order.status as TOrderStatus, "refunded", method))
    certain(
      await transitionOrder(tx, {
        orderId: order.id,
        to: "refunded",
        actorLabel: r.actorLabel,
        actorUserId: r.actorUserId,
        note: "Every part was refunded",
      }),
      `Refunding ${label}'s order`,
    );
  return succeed({ label, order, part: part! });
}
