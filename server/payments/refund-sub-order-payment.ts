import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { partTotalKobo } from "@domain/orders/order-pricing";
import { formatOrderNumber, type TPaymentMethod } from "@domain/orders/order-status";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { markSubOrderRefunded, partRefundable } from "../orders/refund-sub-order";
import { subOrders } from "../orders/schema";
import { refundRefusalOf } from "../orders/purchasable-kinds";
import { lockOrder, ORDER_NOT_FOUND } from "../orders/transition-order";
import {
  claimRefund,
  enqueueRefundEmail,
  findRefundablePayment,
  sendAndRecordRefund,
  stopped,
  type TRefundResult,
  type TStaffActor,
} from "./refund-order-payment";
import { refunds } from "./schema";

/**
 * Staff refund one seller's part of a paid order (docs/product/marketplace.md#refunds): its goods, delivery and VAT,
 * through the provider's partial refund for card payments, or recorded as paid back by hand. One idempotency key per
 * part, so a second click never pays twice; the part's earning and commission are reversed in the same transaction.
 */
export async function refundSubOrderPayment(input: {
  subOrderId: number;
  staff: TStaffActor;
  reason?: string | null;
}): Promise<TResult<TRefundResult>> {
  // The part's order, locked before the part or its refunds are read (docs/product/payments.md#refunds): a refund of the
  // whole order clicked at the same moment waits here, sees this claim and stops, and the other way round.
  const [found] = await getDb().select({ orderId: subOrders.orderId }).from(subOrders).where(eq(subOrders.id, input.subOrderId));
  if (!found) return refuse("not_found", ORDER_NOT_FOUND);
  const claim = await inTransaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    if (!order) return refuse("not_found", ORDER_NOT_FOUND);
    const [part] = await tx.select().from(subOrders).where(eq(subOrders.id, input.subOrderId)).for("update");
    const label = formatSubOrderNumber(order.number, part!.position);
    if (part!.status === "refunded") return stopped({ changed: false, refundId: "", message: `${label} is already refunded.` });
    const claims = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
    if (claims.some((c) => c.subOrderId === null && c.status === "pending"))
      return refuse("conflict", `A refund of the whole of ${formatOrderNumber(order.number)} is in progress.`);
    if (!partRefundable(part!, order.status)) return refuse("conflict", `${label} cannot be refunded on its own.`);
    const refusal = await refundRefusalOf(tx, order.id, [part!.id]);
    if (refusal) return refuse("conflict", refusal);
    const method = order.paymentMethod as TPaymentMethod;
    const payment = await findRefundablePayment(tx, order.id, method, label);
    if (!payment.ok) return payment;
    const { paid, online } = payment;
    const amountKobo = partTotalKobo(part!, order.vatRateBasisPoints);
    const claimed = await claimRefund(tx, {
      orderId: order.id,
      subOrderId: part!.id,
      paymentAttemptId: paid?.id ?? null,
      provider: method,
      amountKobo,
      idempotencyKey: `refund:${order.id}:part:${part!.id}`,
      requestedBy: input.staff.id,
    });
    if (claimed.state === "in_progress")
      return stopped({ changed: false, refundId: claimed.id, message: `A refund for ${label} is already in progress.` });
    return succeed({ go: true as const, order, part: part!, label, method, online, paid, amountKobo, claimed });
  });
  if (!claim.ok || !claim.go) return claim.ok ? succeed(claim.stop) : claim;
  const { order, part, label, method, online, paid, amountKobo, claimed } = claim;

  // Not recorded, the refund still counts: a later refund of the whole order leaves this part's money out.
  const recorded = await sendAndRecordRefund(
    {
      orderId: order.id,
      claimed,
      method,
      paid,
      amountKobo,
      label,
      reason: input.reason,
      dedupeKey: `refund-not-recorded:${order.id}:${part.id}`,
    },
    async (tx, _order, { note, providerRefundId }) => {
      const marked = await markSubOrderRefunded(tx, {
        subOrderId: part.id,
        actorLabel: input.staff.name,
        actorUserId: input.staff.id,
        note,
      });
      if (!marked.ok) return marked;
      await recordAudit(tx, {
        actorId: input.staff.id,
        action: "order.part_refund",
        resourceType: "sub_order",
        resourceId: String(part.id),
        oldData: { status: part.status },
        newData: { status: "refunded", amountKobo, provider: method, providerRefundId },
      });
      await enqueueRefundEmail(tx, {
        order,
        label,
        amountKobo,
        online,
        about: `, one seller's part of your order.${input.reason ? ` ${input.reason}` : ""}`,
      });
      return succeed();
    },
  );
  if (!recorded.ok) return recorded;
  return succeed({ changed: true, refundId: claimed.id, message: `${label} refunded: ${recorded.note}.` });
}
