import { and, eq, inArray, ne } from "drizzle-orm";
import { certain } from "@domain/errors/app-error";
import { formatOrderNumber, ORDER_STATUSES, type TOrderStatus } from "@domain/orders/order-status";
import { ERASED_NAME, type TErasureHold, type TForgotten, type TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { eraseMentions, personNeedles } from "../db/erase-text";
import { orderEvents, orders, subOrderEvents, subOrders } from "./schema";
import { transitionOrder } from "./transition-order";

/** The names and phones the person gave with their orders, which may differ from their profile's. */
export async function customerDetailsOf(db: DbOrTx, userId: string): Promise<{ names: string[]; phones: string[] }> {
  const rows = await db.selectDistinct({ name: orders.customerName, phone: orders.phone }).from(orders).where(eq(orders.userId, userId));
  return { names: rows.map((r) => r.name).filter(Boolean), phones: rows.map((r) => r.phone).filter(Boolean) };
}

/** Paid but not yet delivered: we still owe the person goods, and need their address to bring them. */
const IN_DELIVERY: TOrderStatus[] = ["paid", "processing", "shipped"];

/** The person's orders that keep a deletion waiting (docs/product/privacy-requests.md#what-holds-a-deletion). */
export async function orderErasureHolds(db: DbOrTx, userId: string): Promise<TErasureHold[]> {
  const open = await db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, IN_DELIVERY)))
    .orderBy(orders.number);
  return open.map((o) => ({
    reason: `Order ${formatOrderNumber(o.number)} is ${ORDER_STATUSES[o.status as TOrderStatus].toLowerCase()}: deliver or refund it first.`,
  }));
}

/**
 * The orders' part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): tax and
 * accounting law keep orders, their lines, amounts, dates and numbers, so every order stays, without the name,
 * e-mail, phone, street or town (the state stays, for sales figures by state). An order still awaiting payment is
 * cancelled first, its stock released: there is nobody to deliver it to. Timelines keep their moves without the name.
 */
export async function forgetOrderCustomer(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const theirs = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.userId, p.userId));
  for (const order of theirs.filter((o) => o.status === "pending_payment"))
    // An order paid meanwhile cannot be cancelled: the deletion rolls back and waits for it to be delivered or refunded.
    certain(
      await transitionOrder(tx, {
        orderId: order.id,
        to: "cancelled",
        actorLabel: "Account deleted",
        note: "Cancelled because the customer asked us to delete their data",
      }),
      "Cancelling a deleted customer's unpaid order",
    );
  const needles = personNeedles(p);
  const ids = theirs.map((o) => o.id);
  let rows = 0;
  if (ids.length) {
    const changed = await tx
      .update(orders)
      .set({ email: p.erasedEmail, customerName: ERASED_NAME, phone: "", addressLine: "", city: "", updatedAt: new Date() })
      .where(eq(orders.userId, p.userId))
      .returning({ id: orders.id });
    const notes = await eraseMentions(tx, orderEvents, [orderEvents.note], needles, inArray(orderEvents.orderId, ids));
    const parts = await eraseMentions(tx, subOrders, [subOrders.trackingNote], needles, inArray(subOrders.orderId, ids));
    rows += changed.length + notes + parts;
  }
  // Moves they made themselves: as a customer ("Customer" says nothing) or as a seller (the store's name).
  const ownMoves = await tx
    .update(orderEvents)
    .set({ actorLabel: ERASED_NAME })
    .where(and(eq(orderEvents.actorUserId, p.userId), ne(orderEvents.actorLabel, "Customer")))
    .returning({ id: orderEvents.id });
  const partMoves = await tx
    .update(subOrderEvents)
    .set({ actorLabel: ERASED_NAME })
    .where(and(eq(subOrderEvents.actorUserId, p.userId), ne(subOrderEvents.actorLabel, "Customer")))
    .returning({ id: subOrderEvents.id });
  const partNotes = await eraseMentions(tx, subOrderEvents, [subOrderEvents.note], needles);
  return { rows: rows + ownMoves.length + partMoves.length + partNotes };
}
