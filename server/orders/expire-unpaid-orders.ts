import { and, eq, exists, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import { certain } from "@domain/errors/app-error";
import { RESERVATION_HOURS } from "@domain/orders/checkout-input";
import { formatOrderNumber, type TPaymentMethod } from "@domain/orders/order-status";
import { getDb } from "../db/client";
import { stockReservations } from "../inventory/schema";
import { enqueueOrderStatusEmail } from "./enqueue-order-status-email";
import { purchasableKinds } from "./purchasable-kinds";
import { orderItems, orders } from "./schema";
import { transitionOrder } from "./transition-order";

/**
 * The release job: an unpaid order whose held stock has lapsed is cancelled (which releases the stock) and
 * the customer is told. Each order is handled in its own short transaction and re-checked under its lock,
 * so a payment landing at the same moment wins and several instances can run this safely. An order whose kinds
 * hold no stock (courses only: `lapsesUnpaid`) lapses when its payment method's hold since it was placed has passed.
 */
export async function expireUnpaidOrders(now = new Date()): Promise<number> {
  const db = getDb();
  const due = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(stockReservations, eq(stockReservations.orderId, orders.id))
    .where(and(eq(orders.status, "pending_payment"), eq(stockReservations.status, "active"), lte(stockReservations.expiresAt, now)))
    .limit(100);
  const shortestHold = Math.min(...Object.values(RESERVATION_HOURS));
  // Orders holding a kind that lapses by time (a course seat) and no stock.
  const lapsingKinds = purchasableKinds()
    .filter((k) => k.lapsesUnpaid)
    .map((k) => k.kind);
  const stockless = await db
    .select({ id: orders.id, createdAt: orders.createdAt, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending_payment"),
        lte(orders.createdAt, new Date(now.getTime() - shortestHold * 3_600_000)),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, orders.id), inArray(orderItems.kind, lapsingKinds))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stockReservations)
            .where(and(eq(stockReservations.orderId, orders.id), eq(stockReservations.status, "active"))),
        ),
      ),
    )
    .limit(100);
  const lapsed = stockless.filter(
    (o) => o.createdAt.getTime() + RESERVATION_HOURS[o.paymentMethod as TPaymentMethod] * 3_600_000 <= now.getTime(),
  );
  let expired = 0;
  for (const { id } of [...due, ...lapsed]) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!order || order.status !== "pending_payment") return false;
      const [live] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stockReservations)
        .where(and(eq(stockReservations.orderId, id), eq(stockReservations.status, "active"), gt(stockReservations.expiresAt, now)));
      if (Number(live?.n) > 0) return false;
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stockReservations)
        .where(and(eq(stockReservations.orderId, id), eq(stockReservations.status, "active")));
      const holdEnds = order.createdAt.getTime() + RESERVATION_HOURS[order.paymentMethod as TPaymentMethod] * 3_600_000;
      if (Number(held?.n) === 0 && holdEnds > now.getTime()) return false;
      // Still pending under the lock, so it may be cancelled.
      certain(
        await transitionOrder(tx, {
          orderId: id,
          to: "cancelled",
          actorLabel: "Payment window expired",
          note:
            Number(held?.n) > 0 ? "No payment arrived before the stock hold ran out" : "No payment arrived before the seat hold ran out",
        }),
        `Cancelling the unpaid order ${id}`,
      );
      const label = formatOrderNumber(order.number);
      await enqueueOrderStatusEmail(tx, order, {
        orderNumber: label,
        headline: "cancelled as no payment arrived",
        detail: `Dear ${order.customerName}, we held ${Number(held?.n) > 0 ? "the items" : "your place"} in ${label} for you, but no payment reached us in time, so the order has been cancelled${Number(held?.n) > 0 ? " and the items returned to stock" : ""}. If you already paid, reply to this e-mail with your payment reference and we will sort it out at once.`,
      });
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
