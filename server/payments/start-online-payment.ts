import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { formatOrderNumber, ORDER_STATUSES, PAYMENT_METHODS, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { log } from "../log";
import { getOrderForCustomer } from "../orders/get-order-for-customer";
import { lockOrder } from "../orders/transition-order";
import { getPaymentProvider, isOnlineProvider } from "./providers/get-payment-provider";
import { paymentAttempts } from "./schema";
import { AppError, settle, succeed, type TResult } from "@domain/errors/app-error";

/** A hosted checkout link younger than this is handed out again instead of opening a second charge. */
export const CHECKOUT_REUSE_MS = 30 * 60_000;
const IN_FLIGHT_WAIT_MS = 10_000;

/** Our reference for one try: the order number people recognise plus a random tail, unique per attempt. */
export function newPaymentReference(orderNumber: number): string {
  return `${formatOrderNumber(orderNumber)}-${randomBytes(5).toString("hex")}`;
}

export function paymentCallbackUrl(provider: string): string {
  return `${publicUrl()}/payment/callback/${provider}`;
}

function notPayable(label: string, status: TOrderStatus) {
  return new AppError(
    "conflict",
    status === "cancelled"
      ? `Order ${label} was cancelled and can no longer be paid.`
      : `Order ${label} is already ${ORDER_STATUSES[status].toLowerCase()}: there is nothing left to pay.`,
  );
}

/**
 * Sends the owner of a pending card-payment order to the provider's hosted checkout. A refresh or a double
 * click within CHECKOUT_REUSE_MS gets the same link (one charge, not two); otherwise a new attempt with a
 * fresh reference is opened. A refusal (not theirs, not payable online, already paid, the provider unreachable)
 * comes back with a message for the customer.
 */
export async function startOnlinePayment(
  input: { orderId: string; userId: string },
  now: () => Date = () => new Date(),
): Promise<TResult<{ url: string; reference: string; reused: boolean }>> {
  return settle(async () => succeed(await openHostedCheckout(input, now)));
}

async function openHostedCheckout(
  input: { orderId: string; userId: string },
  now: () => Date,
): Promise<{ url: string; reference: string; reused: boolean }> {
  const order = await getOrderForCustomer(input.orderId, input.userId);
  if (!order) throw new AppError("not_found", "Order not found.");
  const label = formatOrderNumber(order.number);
  const method = order.paymentMethod as TPaymentMethod;
  if (!isOnlineProvider(method))
    throw new AppError("invalid_input", `Order ${label} is paid by ${PAYMENT_METHODS[method].toLowerCase()}, not online.`);
  if (order.status !== "pending_payment") throw notPayable(label, order.status as TOrderStatus);
  const provider = getPaymentProvider(method);

  // The order row lock makes two simultaneous clicks take turns: the second sees the first's attempt.
  const claim = await getDb().transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked.status !== "pending_payment") throw notPayable(label, locked.status as TOrderStatus);
    const [latest] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.provider, method), eq(paymentAttempts.status, "initiated")))
      .orderBy(desc(paymentAttempts.createdAt))
      .limit(1);
    const age = latest ? now().getTime() - latest.createdAt.getTime() : Infinity;
    // An attempt without a link is another request still talking to the provider (or one that died: after
    // IN_FLIGHT_WAIT_MS it is left alone and a new attempt opened).
    if (latest && age < (latest.checkoutUrl ? CHECKOUT_REUSE_MS : IN_FLIGHT_WAIT_MS * 2)) return { attempt: latest, fresh: false };
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        provider: method,
        reference: newPaymentReference(order.number),
        amountKobo: locked.totalKobo,
        currency: "NGN",
      })
      .returning();
    return { attempt: attempt!, fresh: true };
  });

  const { attempt } = claim;
  if (!claim.fresh) {
    const url = attempt.checkoutUrl ?? (await waitForCheckoutUrl(attempt.id));
    return { url, reference: attempt.reference, reused: true };
  }

  try {
    const { checkoutUrl } = await provider.initialize({
      reference: attempt.reference,
      amountKobo: attempt.amountKobo,
      email: order.email,
      customerName: order.customerName,
      phone: order.phone,
      callbackUrl: paymentCallbackUrl(method),
      orderId: order.id,
      orderLabel: label,
    });
    await getDb().update(paymentAttempts).set({ checkoutUrl }).where(eq(paymentAttempts.id, attempt.id));
    return { url: checkoutUrl, reference: attempt.reference, reused: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ provider: method, reference: attempt.reference, reason }, "payment initialize failed");
    await getDb()
      .update(paymentAttempts)
      .set({ status: "failed", failureReason: `Initialize failed: ${reason}`.slice(0, 500) })
      .where(eq(paymentAttempts.id, attempt.id));
    throw new AppError(
      "provider_failed",
      `We could not reach ${provider.label} to start your payment. Nothing was charged: please try again in a minute.`,
    );
  }
}

/** A concurrent request is still asking the provider for the link: wait briefly for it. */
async function waitForCheckoutUrl(attemptId: string): Promise<string> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [row] = await getDb()
      .select({ url: paymentAttempts.checkoutUrl, status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    if (row?.url) return row.url;
    if (!row || row.status !== "initiated") break;
  }
  throw new AppError("provider_failed", "Your payment page could not be prepared. Nothing was charged: please try again.");
}
