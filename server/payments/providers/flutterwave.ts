import { z } from "zod";
import {
  callProvider,
  parseJson,
  safeEqual,
  type TPaymentProvider,
  type TProviderConfig,
  type TProviderTransaction,
} from "./payment-provider";

// Flutterwave v3 (https://developer.flutterwave.com): amounts in NAIRA (major units), our reference is
// `tx_ref`, Bearer secret key; webhooks carry the dashboard's secret hash in `verif-hash` (no HMAC in v3).

export type TFlutterwaveConfig = TProviderConfig & { secretHash: string };

const ZHostedLink = z.object({ status: z.literal("success"), data: z.object({ link: z.string().url() }) });

const ZTransaction = z.object({
  id: z.union([z.number(), z.string()]),
  tx_ref: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  processor_response: z.string().nullish(),
});
const ZVerified = z.object({ status: z.literal("success"), data: ZTransaction });

const ZRefund = z.object({
  status: z.literal("success"),
  data: z.object({ id: z.union([z.number(), z.string()]), status: z.string().optional() }).passthrough(),
});

// v3 names the type `event`; the newer payloads call it `type`.
const ZEvent = z
  .object({
    event: z.string().min(1).optional(),
    type: z.string().min(1).optional(),
    data: z.object({ id: z.union([z.number(), z.string()]), tx_ref: z.string().optional() }).passthrough(),
  })
  .refine((e) => e.event ?? e.type, "event type missing");

/** successful | failed | cancelled | pending (Flutterwave's statuses). */
function normalise(status: string): TProviderTransaction["status"] {
  if (status === "successful") return "success";
  if (status === "failed") return "failed";
  if (status === "cancelled") return "abandoned";
  return "pending";
}

/** Naira with kobo as decimals, as Flutterwave v3 takes amounts. */
export const koboToNaira = (kobo: number) => kobo / 100;
export const nairaToKobo = (naira: number) => Math.round(naira * 100);

export function createFlutterwaveProvider(config: TFlutterwaveConfig): TPaymentProvider {
  const name = "flutterwave";
  return {
    name,
    label: "Flutterwave",
    chargeEvent: "charge.completed",
    async initialize(input) {
      const answer = await callProvider(
        name,
        config,
        {
          method: "POST",
          path: "/v3/payments",
          body: {
            tx_ref: input.reference,
            amount: koboToNaira(input.amountKobo),
            currency: "NGN",
            redirect_url: input.callbackUrl,
            customer: { email: input.email, name: input.customerName, phonenumber: input.phone },
            customizations: { title: "Zavolah", description: `Order ${input.orderLabel}` },
            meta: { order_id: input.orderId },
          },
        },
        ZHostedLink,
      );
      return { checkoutUrl: answer.data.link };
    },
    async verify({ reference, transactionId }) {
      const path = transactionId
        ? `/v3/transactions/${encodeURIComponent(transactionId)}/verify`
        : `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`;
      const { data } = await callProvider(name, config, { method: "GET", path }, ZVerified);
      return {
        status: normalise(data.status),
        providerStatus: data.status,
        reference: data.tx_ref,
        amountKobo: nairaToKobo(data.amount),
        currency: data.currency,
        transactionId: String(data.id),
        message: data.processor_response ?? null,
      };
    },
    authenticateWebhook(_rawBody, headers) {
      const hash = headers.get("verif-hash");
      return !!hash && safeEqual(hash, config.secretHash);
    },
    parseWebhook(rawBody) {
      const parsed = ZEvent.safeParse(parseJson(rawBody));
      if (!parsed.success) return null;
      const type = (parsed.data.event ?? parsed.data.type)!;
      const { data } = parsed.data;
      return { eventKey: `${type}:${data.id}`, eventType: type, reference: data.tx_ref ?? null, transactionId: String(data.id) };
    },
    async refund({ transactionId, amountKobo }) {
      const { data } = await callProvider(
        name,
        config,
        { method: "POST", path: `/v3/transactions/${encodeURIComponent(transactionId)}/refund`, body: { amount: koboToNaira(amountKobo) } },
        ZRefund,
      );
      return { providerRefundId: String(data.id), providerStatus: data.status ?? "pending" };
    },
  };
}
