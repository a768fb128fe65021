import { and, asc, eq, gt, inArray, lt, lte } from "drizzle-orm";
import { ONLINE_PAYMENT_METHODS } from "@domain/orders/order-status";
import { getDb } from "../db/client";
import { log } from "../log";
import { confirmPayment, type TConfirmOutcome } from "./confirm-payment";
import { findPaymentProvider } from "./providers/get-payment-provider";
import { paymentAttempts } from "./schema";

export type TReconcileOptions = { now?: Date; minAgeMs?: number; maxAgeMs?: number; batch?: number };

/**
 * Job: asks the provider again about card payments still `initiated` after a few minutes, so a payment whose
 * webhook never came (or came while we were down) is still caught. Attempts older than a day are closed as
 * abandoned; a late success would still pay (confirmPayment lets a verified success win).
 */
export async function reconcilePayments({
  now = new Date(),
  minAgeMs = 5 * 60_000,
  maxAgeMs = 24 * 3_600_000,
  batch = 50,
}: TReconcileOptions = {}) {
  const db = getDb();
  const adapters = ONLINE_PAYMENT_METHODS.flatMap((p) => findPaymentProvider(p) ?? []);
  const providers = adapters.map((a) => a.name);
  const counts: Record<TConfirmOutcome, number> & { abandoned: number } = {
    paid: 0,
    already_paid: 0,
    pending: 0,
    failed: 0,
    mismatch: 0,
    unknown: 0,
    abandoned: 0,
  };
  if (providers.length === 0) return counts;

  const due = await db
    .select({ provider: paymentAttempts.provider, reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, "initiated"),
        inArray(paymentAttempts.provider, providers),
        lte(paymentAttempts.createdAt, new Date(now.getTime() - minAgeMs)),
        gt(paymentAttempts.createdAt, new Date(now.getTime() - maxAgeMs)),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(batch);
  for (const attempt of due) {
    try {
      const result = await confirmPayment({
        provider: adapters.find((a) => a.name === attempt.provider)!,
        reference: attempt.reference,
        actorLabel: "Payment reconciler",
      });
      counts[result.outcome]++;
    } catch (error) {
      log.error({ err: error, reference: attempt.reference }, "payment reconcile failed");
    }
  }

  const closed = await db
    .update(paymentAttempts)
    .set({ status: "abandoned", failureReason: "No payment was confirmed within a day" })
    .where(
      and(
        eq(paymentAttempts.status, "initiated"),
        inArray(paymentAttempts.provider, providers),
        lt(paymentAttempts.createdAt, new Date(now.getTime() - maxAgeMs)),
      ),
    )
    .returning({ id: paymentAttempts.id });
  counts.abandoned = closed.length;
  if (due.length > 0 || closed.length > 0) log.info({ checked: due.length, ...counts }, "payments reconciled");
  return counts;
}
