import { formatOrderNumber, type TPaymentMethod } from "@domain/orders/order-status";
import { enrolPaidOrderLines } from "../academy/enrol-paid-order-lines";
import { fulfilZavChargeOrderLines } from "../zavcharge/wallet/fulfil-zavcharge-order-lines";
import { raiseAlert } from "../alerts/raise-alert";
import type { Tx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { paymentReceiptEmail } from "../messaging/order-emails";
import { notifyOrderPaid } from "../notifications/order-notifications";
import { formatKobo } from "@domain/money/money";
import { lockOrder, transitionOrder } from "./transition-order";
import { advanceSubOrder } from "./advance-sub-order";
import { recordMarketplaceSale } from "../marketplace/record-marketplace-sale";

export type TVerifiedPayment = { method: TPaymentMethod; reference: string; amountKobo: number };

/**
 * Records money the server has verified (a provider's verify call, or staff confirming a transfer or cash).
 * Call inside the transaction that updates the payment attempt. Idempotent: only a pending order moves to
 * paid (and its course seats become enrolments, docs/product/academy.md#enrolment); a repeat (webhook twice,
 * callback and webhook) changes nothing. Money for a cancelled order is never
 * dropped: the order stays cancelled and an admin alert asks for a refund.
 */
export async function markOrderPaid(
  tx: Tx,
  p: { orderId: string; actorLabel: string; actorUserId?: string | null; payment: TVerifiedPayment },
) {
  const order = await lockOrder(tx, p.orderId);
  const label = formatOrderNumber(order.number);
  if (order.status === "pending_payment") {
    // Fulfil what is fulfilled on payment, here and only here (the order is locked and still unpaid), so a repeated
    // message enrols once. Before the move, so course intakes are locked before stock rows, as checkout does.
    await enrolPaidOrderLines(tx, order.id);
    await fulfilZavChargeOrderLines(tx, order.id);
    const moved = await transitionOrder(tx, {
      orderId: order.id,
      to: "paid",
      actorLabel: p.actorLabel,
      actorUserId: p.actorUserId,
      note: `${formatKobo(p.payment.amountKobo)} received, reference ${p.payment.reference}`,
    });
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
    // Sellers' parts (docs/product/marketplace.md#earnings): earnings held, designs downloadable and delivered at once.
    const sale = await recordMarketplaceSale(tx, { id: order.id, userId: order.userId, label });
    for (const subOrderId of sale.designOnlyPartIds)
      await advanceSubOrder(tx, { subOrderId, step: "digital", actorLabel: "Download ready", note: "Designs are delivered as downloads" });
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
