import { eq } from "drizzle-orm";
import { AppError, settle, succeed, type TResult } from "@domain/errors/app-error";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { formatKobo } from "@domain/money/money";
import { partTotalKobo } from "@domain/orders/order-pricing";
import { formatOrderNumber, type TPaymentMethod } from "@domain/orders/order-status";
import { raiseAlert } from "../alerts/raise-alert";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { orderStatusEmail } from "../messaging/order-emails";
import { markSubOrderRefunded, partRefundable } from "../orders/refund-sub-order";
import { subOrders } from "../orders/schema";
import { refundRefusalOf } from "../orders/purchasable-kinds";
import { lockOrder } from "../orders/transition-order";
import {
  claimRefund,
  findRefundablePayment,
  sendRefund,
  whenTheMoneyArrives,
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
  return settle(async () => succeed(await refundOnePart(input)));
}

async function refundOnePart(input: { subOrderId: number; staff: TStaffActor; reason?: string | null }): Promise<TRefundResult> {
  // The part's order, locked before the part or its refunds are read (docs/product/payments.md#refunds): a refund of the
  // whole order clicked at the same moment waits here, sees this claim and stops, and the other way round.
  const [found] = await getDb().select({ orderId: subOrders.orderId }).from(subOrders).where(eq(subOrders.id, input.subOrderId));
  if (!found) throw new AppError("not_found", "Order not found.");
  const claim = await getDb().transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const [part] = await tx.select().from(subOrders).where(eq(subOrders.id, input.subOrderId)).for("update");
    const label = formatSubOrderNumber(order.number, part!.position);
    if (part!.status === "refunded")
      return { go: false as const, stop: { changed: false, refundId: "", message: `${label} is already refunded.` } };
    const claims = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
    if (claims.some((c) => c.subOrderId === null && c.status === "pending"))
      throw new AppError("conflict", `A refund of the whole of ${formatOrderNumber(order.number)} is in progress.`);
    if (!partRefundable(part!, order.status)) throw new AppError("conflict", `${label} cannot be refunded on its own.`);
    const refusal = await refundRefusalOf(tx, order.id, [part!.id]);
    if (refusal) throw new AppError("conflict", refusal);
    const method = order.paymentMethod as TPaymentMethod;
    const { paid, online } = await findRefundablePayment(tx, order.id, method, label);
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
      return {
        go: false as const,
        stop: { changed: false, refundId: claimed.id, message: `A refund for ${label} is already in progress.` },
      };
    return { go: true as const, order, part: part!, label, method, online, paid, amountKobo, claimed };
  });
  if (!claim.go) return claim.stop;
  const { order, part, label, method, online, paid, amountKobo, claimed } = claim;

  const { providerRefundId, via } = await sendRefund({ claimed, method, paid, amountKobo, label });
  const note = `${formatKobo(amountKobo)} ${via}${input.reason ? `: ${input.reason}` : ""}`;
  try {
    await getDb().transaction(async (tx) => {
      await lockOrder(tx, order.id);
      await tx.update(refunds).set({ status: "processed", providerRefundId, failureReason: null }).where(eq(refunds.id, claimed.id));
      await markSubOrderRefunded(tx, { subOrderId: part.id, actorLabel: input.staff.name, actorUserId: input.staff.id, note });
      await recordAudit(tx, {
        actorId: input.staff.id,
        action: "order.part_refund",
        resourceType: "sub_order",
        resourceId: String(part.id),
        oldData: { status: part.status },
        newData: { status: "refunded", amountKobo, provider: method, providerRefundId },
      });
      await enqueueEmail(
        tx,
        "order_status",
        { email: order.email, name: order.customerName },
        orderStatusEmail(
          {
            orderNumber: label,
            customerName: order.customerName,
            headline: "refunded",
            detail: `Dear ${order.customerName}, we have refunded ${formatKobo(amountKobo)} for ${label}, one seller's part of your order.${input.reason ? ` ${input.reason}` : ""} ${whenTheMoneyArrives(online)}`,
          },
          publicUrl(),
        ),
      );
    });
  } catch (error) {
    // The money has gone back but the part could not move: keep the record (a later refund of the whole order counts it),
    // tell admins.
    await getDb().update(refunds).set({ status: "processed", providerRefundId }).where(eq(refunds.id, claimed.id));
    await raiseAlert(getDb(), {
      type: "refund_not_recorded",
      title: `Refund sent for ${label}, order not updated`,
      message: `${note}, but ${label} could not be marked refunded (${error instanceof Error ? error.message : String(error)}). Update the order by hand.`,
      severity: "high",
      dedupeKey: `refund-not-recorded:${order.id}:${part.id}`,
    });
    throw error;
  }
  return { changed: true, refundId: claimed.id, message: `${label} refunded: ${note}.` };
}
