import { z } from "zod";
import { succeed, type TResult } from "@domain/errors/app-error";
import { abandonPaymentAttempt, confirmPayment, type TConfirmResult } from "./confirm-payment";
import { getPaymentProvider } from "./providers/get-payment-provider";
import type { TOnlineProvider, TPaymentProvider } from "./providers/payment-provider";

// What the providers append to our callback URL. Nothing here is trusted: it only says which payment to verify.
const ZPaystackReturn = z.object({ reference: z.string().max(200).optional(), trxref: z.string().max(200).optional() });
const ZFlutterwaveReturn = z.object({
  status: z.string().max(40).optional(),
  tx_ref: z.string().max(200).optional(),
  transaction_id: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});

/**
 * The customer is back from the hosted checkout: verify server-side and say which order it was for. Refused, with a
 * message for the customer, when the provider is not available to verify with.
 */
export async function handlePaymentCallback(provider: TOnlineProvider, query: URLSearchParams): Promise<TResult<TConfirmResult>> {
  const found = getPaymentProvider(provider);
  return found.ok ? succeed(await verifyReturn(found.provider, query)) : found;
}

async function verifyReturn(provider: TPaymentProvider, query: URLSearchParams): Promise<TConfirmResult> {
  const fields = Object.fromEntries(query);
  const actorLabel = `${provider.label} payment page`;
  if (provider.name === "paystack") {
    const parsed = ZPaystackReturn.safeParse(fields);
    const reference = parsed.success ? (parsed.data.reference ?? parsed.data.trxref) : undefined;
    if (!reference) return { outcome: "unknown", orderId: null };
    return confirmPayment({ provider, reference, actorLabel });
  }
  const parsed = ZFlutterwaveReturn.safeParse(fields);
  if (!parsed.success || !parsed.data.tx_ref) return { outcome: "unknown", orderId: null };
  const { tx_ref: reference, transaction_id: transactionId, status } = parsed.data;
  // Closed the page without paying: there is no transaction to verify, and the next try needs a new link.
  if (status === "cancelled" && !transactionId) {
    const orderId = await abandonPaymentAttempt(provider.name, reference);
    return { outcome: orderId ? "failed" : "unknown", orderId, reason: "Cancelled on the payment page" };
  }
  return confirmPayment({ provider, reference, transactionId, actorLabel });
}
