import { z } from "zod";
import {
  callProvider,
  hmacSha512Hex,
  parseJson,
  safeEqual,
  type TPaymentProvider,
  type TProviderConfig,
  type TProviderTransaction,
  type TProviderTransfer,
  type TTransferApi,
} from "./payment-provider";
import { ProviderCallError } from "../provider-call-error";

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

const ZRecipient = z.object({ status: z.literal(true), data: z.object({ recipient_code: z.string().min(1) }) });
const ZTransfer = z.object({
  status: z.literal(true),
  data: z.object({
    reference: z.string(),
    transfer_code: z.string().nullish(),
    status: z.string(),
    amount: z.number().int(),
    reason: z.string().nullish(),
  }),
});

/** success | failed | reversed | abandoned | blocked | rejected | pending | otp | received (a transfer's statuses). */
function normaliseTransfer(status: string): TProviderTransfer["status"] {
  if (status === "success") return "success";
  if (["failed", "reversed", "abandoned", "blocked", "rejected"].includes(status)) return "failed";
  return "pending";
}

const transferView = (data: z.output<typeof ZTransfer>["data"]): TProviderTransfer => ({
  status: normaliseTransfer(data.status),
  providerStatus: data.status,
  reference: data.reference,
  transferCode: data.transfer_code ?? null,
  amountKobo: data.amount,
  message: data.status === "otp" ? "Paystack is waiting for an OTP to release this transfer" : null,
});

/** success | failed | reversed | abandoned | ongoing | pending | processing | queued (Paystack's statuses). */
function normalise(status: string): TProviderTransaction["status"] {
  if (status === "success") return "success";
  if (status === "failed" || status === "reversed") return "failed";
  if (status === "abandoned") return "abandoned";
  return "pending";
}

/** Paystack's Transfers API (https://paystack.com/docs/transfers): recipients, transfers, verify by our reference. */
function paystackTransfers(config: TProviderConfig): TTransferApi {
  const name = "paystack";
  return {
    events: ["transfer.success", "transfer.failed", "transfer.reversed"],
    async createRecipient({ name: accountName, accountNumber, bankCode }) {
      const { data } = await callProvider(
        name,
        config,
        {
          method: "POST",
          path: "/transferrecipient",
          body: { type: "nuban", name: accountName, account_number: accountNumber, bank_code: bankCode, currency: "NGN" },
        },
        ZRecipient,
      );
      return data.recipient_code;
    },
    async send({ recipientCode, amountKobo, reference, reason }) {
      const { data } = await callProvider(
        name,
        config,
        { method: "POST", path: "/transfer", body: { source: "balance", amount: amountKobo, recipient: recipientCode, reference, reason } },
        ZTransfer,
      );
      return transferView(data);
    },
    async verify(reference) {
      try {
        const { data } = await callProvider(
          name,
          config,
          { method: "GET", path: `/transfer/verify/${encodeURIComponent(reference)}` },
          ZTransfer,
        );
        return transferView(data);
      } catch (error) {
        // Paystack answers 404 (or 400 "Transfer not found") for a reference it never received.
        if (
          error instanceof ProviderCallError &&
          (error.httpStatus === 404 || (error.httpStatus === 400 && /not found/i.test(error.message)))
        )
          return null;
        throw error;
      }
    },
  };
}

export function createPaystackProvider(config: TProviderConfig & { transfers?: boolean }): TPaymentProvider {
  const name = "paystack";
  return {
    ...(config.transfers ? { transfers: paystackTransfers(config) } : {}),
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
