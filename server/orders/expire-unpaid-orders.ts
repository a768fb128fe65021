import { and, eq, gt, lte, sql } from "drizzle-orm";
import { formatOrderNumber } from "@domain/orders/order-status";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { stockReservations } from "../inventory/schema";
import { enqueueEmail } from "../messaging/enqueue-email";
import { orderStatusEmail } from "../messaging/order-emails";
import { orders } from "./schema";
import { transitionOrder } from "./transition-order";

/**
 * The release job: an unpaid order whose held stock has lapsed is cancelled (which releases the stock) and
 * the customer is told. Each order is handled in its own short transaction and re-checked under its lock,
 * so a payment landing at the same moment wins and several instances can run this safely.
 */
export async function expireUnpaidOrders(now = new Date()): Promise<number> {
  const db = getDb();
  const due = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(stockReservations, eq(stockReservations.orderId, orders.id))
    .where(and(eq(orders.status, "pending_payment"), eq(stockReservations.status, "active"), lte(stockReservations.expiresAt, now)))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!order || order.status !== "pending_payment") return false;
      const [live] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stockReservations)
        .where(and(eq(stockReservations.orderId, id), eq(stockReservations.status, "active"), gt(stockReservations.expiresAt, now)));
      if (Number(live?.n) > 0) return false;
      await transitionOrder(tx, {
        orderId: id,
        to: "cancelled",
        actorLabel: "Payment window expired",
        note: "No payment arrived before the stock hold ran out",
      });
      const label = formatOrderNumber(order.number);
      await enqueueEmail(
        tx,
        "order_status",
        { email: order.email, name: order.customerName },
        orderStatusEmail(
          {
            orderNumber: label,
            customerName: order.customerName,
            headline: "cancelled as no payment arrived",
            detail: `Dear ${order.customerName}, we held the items in ${label} for you, but no payment reached us in time, so the order has been cancelled and the items returned to stock. If you already paid, reply to this e-mail with your payment reference and we will sort it out at once.`,
          },
          publicUrl(),
        ),
      );
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
