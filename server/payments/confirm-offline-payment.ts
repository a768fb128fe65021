import { z } from "zod";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber, PAYMENT_METHODS, type TPaymentMethod } from "@domain/orders/order-status";
import { recordAudit } from "../audit/record-audit";
import { inTransaction } from "../db/in-transaction";
import { isUniqueViolation } from "../db/errors";
import { markOrderPaid } from "../orders/mark-order-paid";
import { lockOrder, ORDER_NOT_FOUND } from "../orders/transition-order";
import type { TStaffActor } from "./refund-order-payment";
import { paymentAttempts } from "./schema";
import { parseThen, refuse, succeed, type TResult } from "@domain/errors/app-error";

export const OFFLINE_PAYMENT_METHODS = ["bank_transfer", "pay_on_delivery"] as const satisfies TPaymentMethod[];

/** The staff form: the bank's (or the receipt book's) reference for the money that arrived. */
export const ZOfflinePayment = z.object({
  orderId: z.string().uuid("Order not found."),
  reference: z
    .string({ error: "Please enter the payment reference" })
    .trim()
    .min(3, "Please enter the payment reference (at least 3 characters)")
    .max(100, "The payment reference must be at most 100 characters"),
});
export type TOfflinePayment = z.infer<typeof ZOfflinePayment>;

/**
 * Staff confirm money that arrived outside the card providers (a bank transfer, or cash for pay on delivery):
 * a succeeded payment attempt with that reference, and the order marked paid, in one transaction. Repeating
 * it (a double click) changes nothing; a reference already used for another payment is refused.
 */
export async function confirmOfflinePayment(
  input: TOfflinePayment & { staff: TStaffActor },
): Promise<TResult<{ changed: boolean; message: string }>> {
  return parseThen(ZOfflinePayment, input, undefined, (payment) => confirmOffline({ ...payment, staff: input.staff }));
}

async function confirmOffline(input: TOfflinePayment & { staff: TStaffActor }): Promise<TResult<{ changed: boolean; message: string }>> {
  const { orderId, reference } = input;
  try {
    return await inTransaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) return refuse("not_found", ORDER_NOT_FOUND);
      const label = formatOrderNumber(order.number);
      const method = order.paymentMethod as TPaymentMethod;
      if (!(OFFLINE_PAYMENT_METHODS as readonly string[]).includes(method)) {
        return refuse(
          "invalid_input",
          `${label} is paid online by ${PAYMENT_METHODS[method]}; its payment is confirmed by the provider, not by hand.`,
        );
      }
      if (order.status !== "pending_payment")
        return succeed({
          changed: false,
          message: order.paidAt ? `${label} is already paid.` : `${label} is ${order.status.replace("_", " ")} and cannot be marked paid.`,
        });
      await tx.insert(paymentAttempts).values({
        orderId: order.id,
        provider: method,
        reference,
        amountKobo: order.totalKobo,
        status: "succeeded",
        verifiedAt: new Date(),
      });
      await markOrderPaid(tx, {
        orderId: order.id,
        actorLabel: input.staff.name,
        actorUserId: input.staff.id,
        payment: { method, reference, amountKobo: order.totalKobo },
      });
      await recordAudit(tx, {
        actorId: input.staff.id,
        action: "order.payment_confirmed",
        resourceType: "order",
        resourceId: order.id,
        oldData: { status: order.status },
        newData: { status: "paid", method, reference, amountKobo: order.totalKobo },
      });
      return succeed({ changed: true, message: `${label} marked paid: ${formatKobo(order.totalKobo)}, reference ${reference}.` });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return refuse(
        "conflict",
        `The reference ${reference} is already recorded for another payment. Check the bank statement and enter the reference of this transfer.`,
      );
    throw error;
  }
}
