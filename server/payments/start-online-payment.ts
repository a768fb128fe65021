import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { formatOrderNumber, ORDER_STATUSES, PAYMENT_METHODS, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { getDb } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { publicUrl } from "../env";
import { log } from "../log";
import { getOrderForCustomer } from "../orders/get-order-for-customer";
import { lockOrder, ORDER_NOT_FOUND } from "../orders/transition-order";
import { getPaymentProvider, isOnlineProvider } from "./providers/get-payment-provider";
import { paymentAttempts } from "./schema";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";

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
  return refuse(
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
  const order = await getOrderForCustomer(input.orderId, input.userId);
  if (!order) return refuse("not_found", ORDER_NOT_FOUND);
  const label = formatOrderNumber(order.number);
  const method = order.paymentMethod as TPaymentMethod;
  if (!isOnlineProvider(method))
    return refuse("invalid_input", `Order ${label} is paid by ${PAYMENT_METHODS[method].toLowerCase()}, not online.`);
  if (order.status !== "pending_payment") return notPayable(label, order.status as TOrderStatus);
  const found = getPaymentProvider(method);
  if (!found.ok) return found;
  const { provider } = found;

  // The order row lock makes two simultaneous clicks take turns: the second sees the first's attempt.
  const claim = await inTransaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) return refuse("not_found", ORDER_NOT_FOUND);
    if (locked.status !== "pending_payment") return notPayable(label, locked.status as TOrderStatus);
    const [latest] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.provider, method), eq(paymentAttempts.status, "initiated")))
      .orderBy(desc(paymentAttempts.createdAt))
      .limit(1);
    const age = latest ? now().getTime() - latest.createdAt.getTime() : Infinity;
    // An attempt without a link is another request still talking to the provider (or one that died: after
    // IN_FLIGHT_WAIT_MS it is left alone and a new attempt opened).
    if (latest && age < (latest.checkoutUrl ? CHECKOUT_REUSE_MS : IN_FLIGHT_WAIT_MS * 2)) return succeed({ attempt: latest, fresh: false });
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
    return succeed({ attempt: attempt!, fresh: true });
  });
  if (!claim.ok) return claim;

  const { attempt } = claim;
  if (!claim.fresh) {
    const url = attempt.checkoutUrl ?? (await waitForCheckoutUrl(attempt.id));
    if (!url) return refuse("provider_failed", "Your payment page could not be prepared. Nothing was charged: please try again.");
    return succeed({ url, reference: attempt.reference, reused: true });
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
    return succeed({ url: checkoutUrl, reference: attempt.reference, reused: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ provider: method, reference: attempt.reference, reason }, "payment initialize failed");
    await getDb()
      .update(paymentAttempts)
      .set({ status: "failed", failureReason: `Initialize failed: ${reason}`.slice(0, 500) })
      .where(eq(paymentAttempts.id, attempt.id));
    return refuse(
      "provider_failed",
      `We could not reach ${provider.label} to start your payment. Nothing was charged: please try again in a minute.`,
    );
  }
}

/** A concurrent request is still asking the provider for the link: wait briefly for it. */
async function waitForCheckoutUrl(attemptId: string): Promise<string | null> {
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
  return null;
}
