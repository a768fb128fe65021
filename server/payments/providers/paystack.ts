import { z } from "zod";
import {
  callProvider,
  hmacSha512Hex,
  parseJson,
  safeEqual,
  type TPaymentProvider,
  type TProviderConfig,
  type TProviderTransaction,
} from "./payment-provider";

// Paystack (https://paystack.com/docs/api): amounts in kobo, our `reference`, Bearer secret key, webhooks
// signed with `x-paystack-signature` = hex HMAC-SHA512 of the raw body keyed by the same secret key.

const ZInitialized = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().url(), access_code: z.string(), reference: z.string() }),
});

const ZTransaction = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
});
const ZVerified = z.object({ status: z.literal(true), data: ZTransaction });

const ZRefund = z.object({
  status: z.literal(true),
  message: z.string().optional(),
  data: z.object({ id: z.union([z.number(), z.string()]).optional(), status: z.string().optional() }).passthrough(),
});

const ZEvent = z.object({
  event: z.string().min(1),
  data: z.object({ id: z.union([z.number(), z.string()]), reference: z.string().optional() }).passthrough(),
});

/** success | failed | reversed | abandoned | ongoing | pending | processing | queued (Paystack's statuses). */
function normalise(status: string): TProviderTransaction["status"] {
  if (status === "success") return "success";
  if (status === "failed" || status === "reversed") return "failed";
  if (status === "abandoned") return "abandoned";
  return "pending";
}

export function createPaystackProvider(config: TProviderConfig): TPaymentProvider {
  const name = "paystack";
  return {
    name,
    label: "Paystack",
    chargeEvent: "charge.success",
    async initialize(input) {
      const answer = await callProvider(
        name,
        config,
        {
          method: "POST",
          path: "/transaction/initialize",
          body: {
            email: input.email,
            amount: input.amountKobo,
            currency: "NGN",
            reference: input.reference,
            callback_url: input.callbackUrl,
            metadata: JSON.stringify({ order_id: input.orderId, order_number: input.orderLabel, customer_name: input.customerName }),
          },
        },
        ZInitialized,
      );
      return { checkoutUrl: answer.data.authorization_url };
    },
    async verify({ reference }) {
      const { data } = await callProvider(
        name,
        config,
        { method: "GET", path: `/transaction/verify/${encodeURIComponent(reference)}` },
        ZVerified,
      );
      return {
        status: normalise(data.status),
        providerStatus: data.status,
        reference: data.reference,
        amountKobo: data.amount,
        currency: data.currency,
        transactionId: String(data.id),
        message: data.gateway_response ?? null,
      };
    },
    authenticateWebhook(rawBody, headers) {
      const signature = headers.get("x-paystack-signature");
      if (!signature) return false;
      return safeEqual(signature.trim().toLowerCase(), hmacSha512Hex(config.secretKey, rawBody));
    },
    parseWebhook(rawBody) {
      const parsed = ZEvent.safeParse(parseJson(rawBody));
      if (!parsed.success) return null;
      const { event, data } = parsed.data;
      return { eventKey: `${event}:${data.id}`, eventType: event, reference: data.reference ?? null, transactionId: String(data.id) };
    },
    async refund({ transactionId, reference, amountKobo }) {
      const { data } = await callProvider(
        name,
        config,
        { method: "POST", path: "/refund", body: { transaction: transactionId || reference, amount: amountKobo } },
        ZRefund,
      );
      return { providerRefundId: data.id === undefined ? null : String(data.id), providerStatus: data.status ?? "pending" };
    },
  };
}
