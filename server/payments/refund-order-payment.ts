import { and, desc, eq } from "drizzle-orm";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { formatKobo } from "@domain/money/money";
import { canTransition, formatOrderNumber, ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { raiseAlert } from "../alerts/raise-alert";
import { recordAudit } from "../audit/record-audit";
import { getDb, type DbOrTx, type Tx } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { log } from "../log";
import { subOrders } from "../orders/schema";
import { enqueueOrderStatusEmail } from "../orders/enqueue-order-status-email";
import { refundRefusalOf } from "../orders/purchasable-kinds";
import { lockOrder, ORDER_NOT_FOUND, transitionOrder, type TOrderRow } from "../orders/transition-order";
import { getPaymentProvider, isOnlineProvider } from "./providers/get-payment-provider";
import { paymentAttempts, refunds } from "./schema";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { countRefund } from "../metrics/registry";

export type TStaffActor = { id: string; name: string };
export type TRefundResult = { changed: boolean; refundId: string; message: string };

/**
 * Staff refund the whole of a paid order: card payments through the provider's refund API, bank transfer
 * and pay on delivery as a record of money paid back by hand. One idempotency key per order and amount:
 * a second click while the first is running, or after it finished, never calls the provider again.
 */
export async function refundOrderPayment(input: {
  orderId: string;
  staff: TStaffActor;
  reason?: string | null;
}): Promise<TResult<TRefundResult>> {
  // Decided and claimed under the order's row lock (docs/product/payments.md#refunds): a refund of one seller's part
  // clicked at the same moment waits here, sees this claim and stops, and the other way round.
  const claim = await inTransaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return refuse("not_found", ORDER_NOT_FOUND);
    const label = formatOrderNumber(order.number);
    const method = order.paymentMethod as TPaymentMethod;
    const claims = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
    if (order.status === "refunded") {
      const done = claims.find((c) => c.subOrderId === null && c.status === "processed");
      return stopped({ changed: false, refundId: done?.id ?? "", message: `${label} is already refunded.` });
    }
    if (!canTransition(order.status as TOrderStatus, "refunded", method))
      return refuse("conflict", `${label} is ${ORDER_STATUSES[order.status as TOrderStatus].toLowerCase()} and cannot be refunded.`);
    const refusal = await refundRefusalOf(tx, order.id);
    if (refusal) return refuse("conflict", refusal);
    const pendingWhole = claims.find((c) => c.subOrderId === null && c.status === "pending");
    if (pendingWhole)
      return stopped({ changed: false, refundId: pendingWhole.id, message: `A refund for ${label} is already in progress.` });
    const pendingPart = claims.find((c) => c.subOrderId !== null && c.status === "pending");
    if (pendingPart) {
      const [part] = await tx.select({ position: subOrders.position }).from(subOrders).where(eq(subOrders.id, pendingPart.subOrderId!));
      return refuse(
        "conflict",
        `A refund of ${part ? formatSubOrderNumber(order.number, part.position) : "one seller's part"} is in progress; refund the rest of ${label} once it has finished.`,
      );
    }
    const payment = await findRefundablePayment(tx, order.id, method, label);
    if (!payment.ok) return payment;
    const { paid, online } = payment;
    // Parts already refunded on their own (docs/product/marketplace.md#refunds) are not paid back twice.
    const partly = claims.filter((c) => c.subOrderId !== null && c.status === "processed").reduce((sum, c) => sum + c.amountKobo, 0);
    const amountKobo = (paid?.amountKobo ?? order.totalKobo) - partly;
    // Claim the key: exactly one request gets to call the provider.
    const claimed = await claimRefund(tx, {
      orderId: order.id,
      paymentAttemptId: paid?.id ?? null,
      provider: method,
      amountKobo,
      idempotencyKey: `refund:${order.id}:${amountKobo}`,
      requestedBy: input.staff.id,
    });
    if (claimed.state === "in_progress")
      return stopped({ changed: false, refundId: claimed.id, message: `A refund for ${label} is already in progress.` });
    return succeed({ go: true as const, order, label, method, online, paid, amountKobo, claimed });
  });
  if (!claim.ok || !claim.go) return claim.ok ? succeed(claim.stop) : claim;
  const { order, label, method, online, paid, amountKobo, claimed } = claim;

  const recorded = await sendAndRecordRefund(
    { orderId: order.id, claimed, method, paid, amountKobo, label, reason: input.reason, dedupeKey: `refund-not-recorded:${order.id}` },
    async (tx, current, { note, providerRefundId }) => {
      // A second click that found the refund already sent finishes here once the first has moved the order.
      if (current.status === "refunded") return succeed({ moved: false });
      const moved = await transitionOrder(tx, {
        orderId: order.id,
        to: "refunded",
        actorLabel: input.staff.name,
        actorUserId: input.staff.id,
        note,
      });
      if (!moved.ok) return moved;
      await recordAudit(tx, {
        actorId: input.staff.id,
        action: "order.refund",
        resourceType: "order",
        resourceId: order.id,
        oldData: { status: order.status },
        newData: { status: "refunded", amountKobo, provider: method, providerRefundId },
      });
      await enqueueRefundEmail(tx, { order, label, amountKobo, online, about: "." });
      return succeed({ moved: true });
    },
  );
  if (!recorded.ok) return recorded;
  if (!recorded.moved) return succeed({ changed: false, refundId: claimed.id, message: `${label} is already refunded.` });
  return succeed({ changed: true, refundId: claimed.id, message: `${label} refunded: ${recorded.note}.` });
}

/** A refund not started, with what staff are told (already refunded, already in progress). */
export const stopped = (stop: TRefundResult) => succeed({ go: false as const, stop });

/**
 * Sends a claimed refund (sendRefund) and records it (recordSentRefund), `record` moving the order or its part in that
 * transaction; the note (how much went back, how, and staff's reason) is the timeline's and staff's message.
 */
export async function sendAndRecordRefund<T extends object>(
  r: {
    orderId: string;
    claimed: TClaim;
    method: TPaymentMethod;
    paid: { providerTransactionId: string | null; reference: string } | undefined;
    amountKobo: number;
    label: string;
    reason?: string | null;
    dedupeKey: string;
  },
  record: (tx: Tx, order: TOrderRow, sent: { note: string; providerRefundId: string | null }) => Promise<TResult<T>>,
): Promise<TResult<T & { note: string }>> {
  const sent = await sendRefund(r);
  countRefund(r.method, sent.ok ? "processed" : "failed");
  if (!sent.ok) return sent;
  const note = `${formatKobo(r.amountKobo)} ${sent.via}${r.reason ? `: ${r.reason}` : ""}`;
  const { providerRefundId } = sent;
  const recorded = await recordSentRefund(
    { orderId: r.orderId, claimId: r.claimed.id, providerRefundId, label: r.label, note, dedupeKey: r.dedupeKey },
    (tx, order) => record(tx, order, { note, providerRefundId }),
  );
  return recorded.ok ? succeed({ ...recorded, note }) : recorded;
}

/**
 * The money has gone back: the refund is recorded processed and the order (or its part) moved in one transaction,
 * the order locked first as every order writer does. When that cannot be done (the order changed meanwhile, or the
 * database failed), the refund is still kept as processed, so it is never sent twice, and the admins are told to
 * update the order by hand.
 */
async function recordSentRefund<T extends object>(
  r: { orderId: string; claimId: string; providerRefundId: string | null; label: string; note: string; dedupeKey: string },
  record: (tx: Tx, order: TOrderRow) => Promise<TResult<T>>,
): Promise<TResult<T>> {
  const notRecorded = async (why: string) => {
    await getDb().update(refunds).set({ status: "processed", providerRefundId: r.providerRefundId }).where(eq(refunds.id, r.claimId));
    await raiseAlert(getDb(), {
      type: "refund_not_recorded",
      title: `Refund sent for ${r.label}, order not updated`,
      message: `${r.note}, but ${r.label} could not be marked refunded (${why}). Update the order by hand.`,
      severity: "high",
      dedupeKey: r.dedupeKey,
    });
  };
  try {
    const recorded = await inTransaction(async (tx) => {
      const current = await lockOrder(tx, r.orderId);
      if (!current) return refuse("not_found", ORDER_NOT_FOUND);
      await tx
        .update(refunds)
        .set({ status: "processed", providerRefundId: r.providerRefundId, failureReason: null })
        .where(eq(refunds.id, r.claimId));
      return record(tx, current);
    });
    if (!recorded.ok) await notRecorded(recorded.error.message);
    return recorded;
  } catch (error) {
    await notRecorded(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * Sends a claimed refund through the provider (card payments), or reads it as paid back by hand (transfers, cash, or a
 * refund the provider already took). A refusal marks the claim failed, so a later click may try again.
 */
async function sendRefund(r: {
  claimed: TClaim;
  method: TPaymentMethod;
  paid: { providerTransactionId: string | null; reference: string } | undefined;
  amountKobo: number;
  label: string;
}): Promise<TResult<{ providerRefundId: string | null; via: string }>> {
  if (!isOnlineProvider(r.method) || r.claimed.state !== "claimed")
    return succeed({ providerRefundId: r.claimed.providerRefundId, via: "recorded as paid back by hand" });
  const found = getPaymentProvider(r.method);
  if (!found.ok) return found;
  const { provider } = found;
  try {
    const { providerRefundId } = await provider.refund({
      transactionId: r.paid!.providerTransactionId!,
      reference: r.paid!.reference,
      amountKobo: r.amountKobo,
    });
    return succeed({ providerRefundId, via: `sent to ${provider.label}${providerRefundId ? ` (refund ${providerRefundId})` : ""}` });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await getDb()
      .update(refunds)
      .set({ status: "failed", failureReason: reason.slice(0, 500) })
      .where(eq(refunds.id, r.claimed.id));
    log.warn({ refund: r.label, reason }, "refund refused by provider");
    return refuse(
      "provider_failed",
      `${provider.label} did not accept the refund for ${r.label} (${reason}). Nothing was refunded; try again later.`,
    );
  }
}

/** The order's verified payment, which a refund goes back through; refused for a card order without one. */
export async function findRefundablePayment(tx: DbOrTx, orderId: string, method: TPaymentMethod, label: string) {
  const [paid] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, "succeeded")))
    .orderBy(desc(paymentAttempts.verifiedAt))
    .limit(1);
  const online = isOnlineProvider(method);
  if (online && !paid?.providerTransactionId)
    return refuse("conflict", `No verified ${method} payment was found for ${label}, so there is nothing to refund through the provider.`);
  return succeed({ paid, online });
}

/**
 * The customer's "refunded" e-mail, queued in the transaction that records the refund; `about` ends the sentence that
 * names what was refunded (the whole order, or one seller's part of it).
 */
export async function enqueueRefundEmail(
  tx: Tx,
  r: { order: TOrderRow; label: string; amountKobo: number; online: boolean; about: string },
): Promise<void> {
  await enqueueOrderStatusEmail(tx, r.order, {
    orderNumber: r.label,
    headline: "refunded",
    detail: `Dear ${r.order.customerName}, we have refunded ${formatKobo(r.amountKobo)} for ${r.label}${r.about} ${whenTheMoneyArrives(r.online)}`,
  });
}

/** What the customer's refund e-mail says about when the money arrives. */
export const whenTheMoneyArrives = (online: boolean) =>
  online
    ? "Card refunds usually reach your account within 5 to 10 working days, depending on your bank."
    : "Our team will pay the money back to you directly and contact you with the details.";

export type TClaim = { id: string; state: "claimed" | "in_progress" | "already_sent"; providerRefundId: string | null };

/**
 * Claims a refund's idempotency key: exactly one request gets to call the provider (a failed one may try again). Runs in
 * the caller's transaction, after it has locked the order (docs/product/payments.md#refunds).
 */
export async function claimRefund(
  db: DbOrTx,
  row: {
    orderId: string;
    subOrderId?: number | null;
    paymentAttemptId: string | null;
    provider: string;
    amountKobo: number;
    idempotencyKey: string;
    requestedBy: string;
  },
): Promise<TClaim> {
  const [inserted] = await db
    .insert(refunds)
    .values({ ...row, status: "pending" })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning({ id: refunds.id });
  if (inserted) return { id: inserted.id, state: "claimed", providerRefundId: null };
  const [retried] = await db
    .update(refunds)
    .set({ status: "pending", failureReason: null, requestedBy: row.requestedBy })
    .where(and(eq(refunds.idempotencyKey, row.idempotencyKey), eq(refunds.status, "failed")))
    .returning({ id: refunds.id });
  if (retried) return { id: retried.id, state: "claimed", providerRefundId: null };
  const [current] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, row.idempotencyKey));
  // Processed but the order never moved (see the alert above): finish the order without paying twice.
  if (current?.status === "processed") return { id: current.id, state: "already_sent", providerRefundId: current.providerRefundId };
  return { id: current!.id, state: "in_progress", providerRefundId: null };
}
