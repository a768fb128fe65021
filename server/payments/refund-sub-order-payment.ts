import { and, desc, eq } from "drizzle-orm";
import { AppError } from "@domain/errors/app-error";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { formatKobo } from "@domain/money/money";
import { partTotalKobo } from "@domain/orders/order-pricing";
import type { TPaymentMethod } from "@domain/orders/order-status";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { orderStatusEmail } from "../messaging/order-emails";
import { markSubOrderRefunded, partRefundable } from "../orders/refund-sub-order";
import { orders, subOrders } from "../orders/schema";
import { isOnlineProvider } from "./providers/get-payment-provider";
import { claimRefund, sendRefund, type TRefundResult, type TStaffActor } from "./refund-order-payment";
import { paymentAttempts, refunds } from "./schema";

/**
 * Staff refund one seller's part of a paid order (docs/product/marketplace.md#refunds): its goods, delivery and VAT,
 * through the provider's partial refund for card payments, or recorded as paid back by hand. One idempotency key per
 * part, so a second click never pays twice; the part's earning and commission are reversed in the same transaction.
 */
export async function refundSubOrderPayment(input: {
  subOrderId: number;
  staff: TStaffActor;
  reason?: string | null;
}): Promise<TRefundResult> {
  const [row] = await getDb()
    .select({ part: subOrders, order: orders })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(eq(subOrders.id, input.subOrderId));
  if (!row) throw new AppError("not_found", "Order not found.");
  const { part, order } = row;
  const label = formatSubOrderNumber(order.number, part.position);
  if (part.status === "refunded") return { changed: false, refundId: "", message: `${label} is already refunded.` };
  if (!partRefundable(part, order.status)) throw new AppError("conflict", `${label} cannot be refunded on its own.`);
  const method = order.paymentMethod as TPaymentMethod;
  const [paid] = await getDb()
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, "succeeded")))
    .orderBy(desc(paymentAttempts.verifiedAt))
    .limit(1);
  const online = isOnlineProvider(method);
  if (online && !paid?.providerTransactionId)
    throw new AppError(
      "conflict",
      `No verified ${method} payment was found for ${label}, so there is nothing to refund through the provider.`,
    );
  const amountKobo = partTotalKobo(part, order.vatRateBasisPoints);
  const claimed = await claimRefund({
    orderId: order.id,
    subOrderId: part.id,
    paymentAttemptId: paid?.id ?? null,
    provider: method,
    amountKobo,
    idempotencyKey: `refund:${order.id}:part:${part.id}`,
    requestedBy: input.staff.id,
  });
  if (claimed.state === "in_progress")
    return { changed: false, refundId: claimed.id, message: `A refund for ${label} is already in progress.` };

  const { providerRefundId, via } = await sendRefund({ claimed, method, paid, amountKobo, label });
  const note = `${formatKobo(amountKobo)} ${via}${input.reason ? `: ${input.reason}` : ""}`;
  await getDb().transaction(async (tx) => {
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
          detail: `Dear ${order.customerName}, we have refunded ${formatKobo(amountKobo)} for ${label}, one seller's part of your order.${input.reason ? ` ${input.reason}` : ""} ${online ? "Card refunds usually reach your account within 5 to 10 working days, depending on your bank." : "Our team will pay the money back to you directly and contact you with the details."}`,
        },
        publicUrl(),
      ),
    );
  });
  return { changed: true, refundId: claimed.id, message: `${label} refunded: ${note}.` };
}
