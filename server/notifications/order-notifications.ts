import { inArray } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import { users } from "../auth/schema";
import type { DbOrTx } from "../db/client";
import { notifyUser } from "./notify-user";

// In-app notifications about orders, sent inside the order's own transaction (so a failed checkout tells
// no one). The e-mails about the same events are queued by the order code itself.

type TOrderRef = { id: string; number: number; userId: string; customerName: string; totalKobo: number };

/** The customer hears the order arrived; every staff member and admin hears there is a new order. */
export async function notifyOrderPlaced(tx: DbOrTx, order: TOrderRef) {
  const label = formatOrderNumber(order.number);
  const total = formatKobo(order.totalKobo);
  await notifyUser(tx, {
    userId: order.userId,
    type: "order",
    title: `Order ${label} received`,
    message: `Thank you! We have your order of ${total}. We will let you know when it is paid and on its way.`,
    link: "/client-dashboard",
    metadata: { orderId: order.id },
  });
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ["staff", "admin"]));
  for (const member of staff) {
    if (member.id === order.userId) continue;
    await notifyUser(tx, {
      userId: member.id,
      type: "order",
      title: `New order ${label}`,
      message: `${order.customerName} ordered ${total} worth of goods.`,
      link: `/staff/orders/${order.id}`,
      metadata: { orderId: order.id },
    });
  }
}

/** The payment notification (docs/product/notifications-and-reminders.md#notification-types): amount, description, reference. */
export async function notifyOrderPaid(tx: DbOrTx, order: TOrderRef, payment: { reference: string; amountKobo: number }) {
  const label = formatOrderNumber(order.number);
  const amount = formatKobo(payment.amountKobo);
  await notifyUser(tx, {
    userId: order.userId,
    type: "payment",
    title: `Payment received for ${label}`,
    message: `${amount} received (reference ${payment.reference}). We are preparing your order.`,
    link: "/client-dashboard",
    metadata: { orderId: order.id, amount: payment.amountKobo, description: `Order ${label}`, reference: payment.reference },
  });
}
