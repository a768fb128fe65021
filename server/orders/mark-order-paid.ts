import { certain } from "@domain/errors/app-error";
import { formatOrderNumber, type TPaymentMethod } from "@domain/orders/order-status";
import { raiseAlert } from "../alerts/raise-alert";
import type { Tx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { paymentReceiptEmail } from "../messaging/order-emails";
import { notifyOrderPaid } from "../notifications/order-notifications";
import { formatKobo } from "@domain/money/money";
import { lockOrder, transitionOrder } from "./transition-order";
import { kindsInOrder } from "./purchasable-kinds";
import type { TOrderRef } from "./purchasable-kind";

export type TVerifiedPayment = { method: TPaymentMethod; reference: string; amountKobo: number };

/**
 * Records money the server has verified (a provider's verify call, or staff confirming a transfer or cash).
 * Call inside the transaction that updates the payment attempt. Idempotent: only a pending order moves to
 * paid and each kind of line is fulfilled (docs/decisions/0013-one-cart-many-kinds.md); a repeat (webhook twice,
 * callback and webhook) changes nothing. Money for a cancelled order is never
 * dropped: the order stays cancelled and an admin alert asks for a refund.
 */
export async function markOrderPaid(
  tx: Tx,
  p: { orderId: string; actorLabel: string; actorUserId?: string | null; payment: TVerifiedPayment },
) {
  const order = await lockOrder(tx, p.orderId);
  if (!order) throw new Error(`The order ${p.orderId} a payment was made for is missing`);
  const label = formatOrderNumber(order.number);
  if (order.status === "pending_payment") {
    // Each kind fulfils on payment here and only here (the order is locked and still unpaid), so a repeated message
    // enrols or credits once. Before the move, so course intakes are locked before stock rows, as checkout does.
    const kinds = await kindsInOrder(tx, order.id);
    const ref: TOrderRef = {
      id: order.id,
      userId: order.userId,
      number: order.number,
      paymentMethod: order.paymentMethod as TPaymentMethod,
    };
    for (const kind of kinds) await kind.fulfil?.(tx, ref);
    // Still pending under the lock, so the move is allowed.
    const { order: moved } = certain(
      await transitionOrder(tx, {
        orderId: order.id,
        to: "paid",
        actorLabel: p.actorLabel,
        actorUserId: p.actorUserId,
        note: `${formatKobo(p.payment.amountKobo)} received, reference ${p.payment.reference}`,
      }),
      `Marking ${label} paid`,
    );
    const paidAt = moved.paidAt ?? new Date();
    await enqueueEmail(
      tx,
      "payment_receipt",
      { email: order.email, name: order.customerName },
      paymentReceiptEmail(
        {
          paymentReference: p.payment.reference,
          amountKobo: p.payment.amountKobo,
          paymentDate: paidAt,
          description: `Order ${label}`,
          customerName: order.customerName,
          orderId: order.id,
        },
        publicUrl(),
      ),
    );
    await notifyOrderPaid(tx, order, p.payment);
    // What needs the parts paid (sellers' earnings, designs delivered as downloads).
    for (const kind of kinds) await kind.afterPaid?.(tx, ref);
    return { changed: true, status: "paid" as const, order: moved };
  }
  if (order.status === "cancelled") {
    await raiseAlert(tx, {
      type: "payment_for_cancelled_order",
      title: `Payment received for cancelled order ${label}`,
      message: `${formatKobo(p.payment.amountKobo)} arrived (reference ${p.payment.reference}) after ${label} was cancelled. Refund the customer or reinstate the order.`,
      severity: "critical",
      dedupeKey: `late-payment:${p.payment.reference}`,
    });
  }
  return { changed: false, status: order.status, order };
}
