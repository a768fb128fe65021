import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { formatOrderNumber, ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from "~/lib/order-status";
import { hasRoleLevel, type TViewer } from "~/lib/roles";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { markOrderPaid } from "../orders/mark-order-paid";
import { OrderError } from "../orders/order-errors";
import { lockOrder } from "../orders/transition-order";
import { paymentAttempts } from "./schema";

// Minimal version written with the back office (staff "Mark paid"); the payments work may replace it at merge.

export const ZOfflinePayment = z.object({
  orderId: z.string().uuid("Unknown order"),
  reference: z
    .string({ error: "Enter the bank reference of the transfer" })
    .trim()
    .min(3, "Enter the bank reference of the transfer")
    .max(100, "The reference must be at most 100 characters"),
});

export type TConfirmPaymentResult = { ok: true; orderNumber: string; status: TOrderStatus } | { ok: false; message: string };

const OFFLINE: TPaymentMethod[] = ["bank_transfer", "pay_on_delivery"];

/**
 * Staff confirm money that reached the bank account (or was collected on delivery): a succeeded payment
 * attempt keyed by the bank reference, and the order marked paid, in one transaction with an audit entry.
 */
export async function confirmOfflinePayment(actor: TViewer, input: Record<string, string | undefined>): Promise<TConfirmPaymentResult> {
  if (!hasRoleLevel(actor.role, "staff")) return { ok: false, message: "Only staff can confirm payments." };
  const parsed = ZOfflinePayment.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const { orderId, reference } = parsed.data;
  try {
    return await getDb().transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const label = formatOrderNumber(order.number);
      const method = order.paymentMethod as TPaymentMethod;
      if (!OFFLINE.includes(method)) throw new OrderError(`${label} is paid online; its payment is confirmed by the provider, not by hand.`);
      if (order.status !== "pending_payment") throw new OrderError(`${label} is ${ORDER_STATUSES[order.status as TOrderStatus].toLowerCase()}: there is no payment to confirm.`);
      const [used] = await tx
        .select({ orderId: paymentAttempts.orderId })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, method), eq(paymentAttempts.reference, reference)));
      if (used) throw new OrderError(`The reference ${reference} is already recorded for another payment. Check the bank statement.`);
      await tx.insert(paymentAttempts).values({ orderId, provider: method, reference, amountKobo: order.totalKobo, status: "succeeded", verifiedAt: new Date() });
      const paid = await markOrderPaid(tx, { orderId, actorLabel: actor.name, actorUserId: actor.id, payment: { method, reference, amountKobo: order.totalKobo } });
      await recordAudit(tx, { actorId: actor.id, action: "order.payment_confirmed", resourceType: "order", resourceId: label, oldData: { status: order.status }, newData: { status: paid.status, reference } });
      return { ok: true as const, orderNumber: label, status: paid.status as TOrderStatus };
    });
  } catch (error) {
    if (error instanceof OrderError) return { ok: false, message: error.message };
    if (isUniqueViolation(error)) return { ok: false, message: `The reference ${reference} is already recorded for another payment. Check the bank statement.` };
    throw error;
  }
}
