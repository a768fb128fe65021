import { and, eq, inArray } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import { raiseAlert } from "../alerts/raise-alert";
import { getDb } from "../db/client";
import { log } from "../log";
import { markOrderPaid } from "../orders/mark-order-paid";
import { findPaymentAttempt } from "./find-payment-attempt";
import { ProviderCallError } from "./provider-call-error";
import type { TOnlineProvider, TPaymentProvider, TProviderTransaction } from "./providers/payment-provider";
import { paymentAttempts } from "./schema";
import { countPaymentConfirmation } from "../metrics/registry";

export type TConfirmOutcome =
  /** This call verified the money and moved the order to paid. */
  | "paid"
  /** Verified before (callback and webhook, a repeat): nothing changed. */
  | "already_paid"
  /** The provider has no final answer yet, or could not be reached: the reconciler asks again. */
  | "pending"
  /** Declined or abandoned: the order stays pending so the customer can try again. */
  | "failed"
  /** Paid, but not what we asked for (amount, currency or reference): not paid, admins alerted. */
  | "mismatch"
  /** Not one of our references. */
  | "unknown";

export type TConfirmResult = { outcome: TConfirmOutcome; orderId: string | null; reason?: string };

export type TConfirmInput = {
  /** The provider to verify with (configured: the caller has its adapter). */
  provider: TPaymentProvider;
  /** Our reference (Paystack `reference`, Flutterwave `tx_ref`). */
  reference?: string | null;
  /** The provider's transaction id (Flutterwave verifies by it when it is known). */
  transactionId?: string | null;
  /** Who is confirming, for the order timeline: "Paystack webhook", "Payment reconciler"... */
  actorLabel: string;
};

/**
 * Never trusts a redirect or a webhook body: asks the provider (verify) and pays the order only when the
 * status is success and amount, currency and reference are exactly what the attempt asked for. The attempt
 * and the order change in one transaction under a row lock, so a callback and a webhook racing pay once.
 */
export async function confirmPayment(input: TConfirmInput): Promise<TConfirmResult> {
  const result = await confirmOnce(input);
  countPaymentConfirmation(input.provider.name, result.outcome);
  return result;
}

async function confirmOnce(input: TConfirmInput): Promise<TConfirmResult> {
  const { provider } = input;
  let found = input.reference ? await findPaymentAttempt(provider.name, input.reference) : null;
  if (input.reference && !found) return { outcome: "unknown", orderId: null };
  if (!input.reference && !input.transactionId) return { outcome: "unknown", orderId: null };
  if (found?.attempt.status === "succeeded") return { outcome: "already_paid", orderId: found.attempt.orderId };

  let verified: TProviderTransaction;
  try {
    verified = await provider.verify({ reference: input.reference ?? "", transactionId: input.transactionId });
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    log.warn({ provider: provider.name, reference: input.reference, reason: error.message }, "payment verify failed");
    return { outcome: "pending", orderId: found?.attempt.orderId ?? null, reason: error.message };
  }

  found ??= await findPaymentAttempt(provider.name, verified.reference);
  if (!found) return { outcome: "unknown", orderId: null };
  const { attempt } = found;
  if (attempt.status === "succeeded") return { outcome: "already_paid", orderId: attempt.orderId };

  if (verified.status === "pending") return { outcome: "pending", orderId: attempt.orderId };
  if (verified.status !== "success") {
    const reason = `${provider.label}: ${verified.providerStatus}${verified.message ? ` (${verified.message})` : ""}`;
    await closeAttempt(attempt.id, verified.status === "failed" ? "failed" : "abandoned", reason);
    return { outcome: "failed", orderId: attempt.orderId, reason };
  }

  const problems: string[] = [];
  if (verified.reference !== attempt.reference) problems.push(`reference ${verified.reference} instead of ${attempt.reference}`);
  if (verified.currency !== attempt.currency) problems.push(`currency ${verified.currency} instead of ${attempt.currency}`);
  if (verified.amountKobo !== attempt.amountKobo)
    problems.push(`amount ${formatKobo(verified.amountKobo)} instead of ${formatKobo(attempt.amountKobo)}`);
  const label = formatOrderNumber(found.orderNumber);
  if (problems.length > 0) {
    const reason = `Verification mismatch: ${problems.join(", ")}`;
    await getDb().transaction(async (tx) => {
      await tx
        .update(paymentAttempts)
        .set({ status: "failed", failureReason: reason, providerTransactionId: verified.transactionId, verifiedAt: new Date() })
        .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.status, ["initiated", "abandoned", "failed"])));
      await raiseAlert(tx, {
        type: "payment_mismatch",
        title: `Payment for ${label} does not match the order`,
        message: `${provider.label} reports a successful payment for ${label} (reference ${attempt.reference}, transaction ${verified.transactionId}) with ${problems.join(", ")}. The order was left unpaid. Check the payment in the ${provider.label} dashboard, then refund it or settle the difference with the customer.`,
        severity: "critical",
        dedupeKey: `payment-mismatch:${provider.name}:${attempt.reference}`,
      });
    });
    log.warn({ provider: provider.name, reference: attempt.reference, problems }, "payment verification mismatch");
    return { outcome: "mismatch", orderId: attempt.orderId, reason };
  }

  return getDb().transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id)).for("update");
    if (!locked || locked.status === "succeeded") return { outcome: "already_paid" as const, orderId: attempt.orderId };
    await tx
      .update(paymentAttempts)
      .set({ status: "succeeded", providerTransactionId: verified.transactionId, verifiedAt: new Date(), failureReason: null })
      .where(eq(paymentAttempts.id, attempt.id));
    const paid = await markOrderPaid(tx, {
      orderId: attempt.orderId,
      actorLabel: input.actorLabel,
      payment: { method: provider.name, reference: attempt.reference, amountKobo: verified.amountKobo },
    });
    // Not changed: already paid by another path, or cancelled meanwhile (markOrderPaid alerts admins then).
    return paid.changed
      ? { outcome: "paid" as const, orderId: attempt.orderId }
      : { outcome: "already_paid" as const, orderId: attempt.orderId, reason: `order is ${paid.status}` };
  });
}

/** A declined or abandoned try; a later verified success still wins (money received is never dropped). */
async function closeAttempt(attemptId: string, status: "failed" | "abandoned", reason: string) {
  await getDb()
    .update(paymentAttempts)
    .set({ status, failureReason: reason.slice(0, 500) })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        inArray(paymentAttempts.status, status === "failed" ? ["initiated", "abandoned"] : ["initiated"]),
      ),
    );
}

/** The customer came back from a cancelled hosted page (no transaction to verify): the next try gets a new link. */
export async function abandonPaymentAttempt(provider: TOnlineProvider, reference: string): Promise<string | null> {
  const found = await findPaymentAttempt(provider, reference);
  if (!found) return null;
  await closeAttempt(found.attempt.id, "abandoned", "Cancelled on the payment page");
  return found.attempt.orderId;
}
