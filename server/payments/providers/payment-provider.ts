import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { ONLINE_PAYMENT_METHODS } from "@domain/orders/order-status";
import { ProviderCallError } from "../provider-call-error";

// One adapter type for the card providers (ARCHITECTURE: outside services sit behind one adapter per kind).
// Amounts cross this boundary in kobo; each adapter converts to what its API takes.

export type TOnlineProvider = (typeof ONLINE_PAYMENT_METHODS)[number];

export type TInitializeInput = {
  reference: string;
  amountKobo: number;
  email: string;
  customerName: string;
  phone: string;
  callbackUrl: string;
  orderId: string;
  /** "ZV-100001", shown on the hosted page. */
  orderLabel: string;
};

/** What the provider says about one transaction, normalised: `success` is the only status that pays. */
export type TProviderTransaction = {
  status: "success" | "failed" | "abandoned" | "pending";
  /** The provider's own word, kept for failure reasons and logs. */
  providerStatus: string;
  reference: string;
  amountKobo: number;
  currency: string;
  transactionId: string;
  message: string | null;
};

export type TWebhookEvent = {
  /** Unique per event at the provider: "charge.success:<id>"; duplicates of one delivery share it. */
  eventKey: string;
  eventType: string;
  reference: string | null;
  transactionId: string | null;
};

/** A transfer to a bank account through the provider, normalised: `success` is money in the account. */
export type TProviderTransfer = {
  status: "success" | "failed" | "pending";
  providerStatus: string;
  reference: string;
  /** The provider's own id of the transfer (Paystack's TRF_…), the bank reference sellers see. */
  transferCode: string | null;
  amountKobo: number;
  message: string | null;
};

/** Paying out to bank accounts (marketplace payouts), where the provider offers it and it is switched on. */
export type TTransferApi = {
  /** The event types that report a transfer's outcome (each leads to a verify, never trusted from the body). */
  events: readonly string[];
  createRecipient(account: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
  send(input: { recipientCode: string; amountKobo: number; reference: string; reason: string }): Promise<TProviderTransfer>;
  /** What the provider says of the transfer under our reference; null when it has none (it was never made). */
  verify(reference: string): Promise<TProviderTransfer | null>;
};

export type TPaymentProvider = {
  name: TOnlineProvider;
  label: string;
  /** The event type that reports a completed charge (the only one that leads to a verify). */
  chargeEvent: string;
  initialize(input: TInitializeInput): Promise<{ checkoutUrl: string }>;
  verify(query: { reference: string; transactionId?: string | null }): Promise<TProviderTransaction>;
  /** True when the raw body carries the provider's valid signature; compared in constant time. */
  authenticateWebhook(rawBody: string, headers: Headers): boolean;
  /** The event's identity, or null when the body is not an event this adapter understands. */
  parseWebhook(rawBody: string): TWebhookEvent | null;
  refund(input: {
    transactionId: string;
    reference: string;
    amountKobo: number;
  }): Promise<{ providerRefundId: string | null; providerStatus: string }>;
  transfers?: TTransferApi;
};

export type TProviderConfig = { secretKey: string; baseUrl: string };

/** Constant-time equality of two strings (different lengths compare unequal without leaking where). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

export function hmacSha512Hex(secret: string, body: string): string {
  return createHmac("sha512", secret).update(body, "utf8").digest("hex");
}

export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const TIMEOUT_MS = 15_000;

/**
 * Calls a provider's JSON API with the secret key and checks the answer against its documented shape.
 * A network error, a timeout, a non-2xx answer or an unexpected body becomes a ProviderCallError.
 */
export async function callProvider<T>(
  provider: string,
  config: TProviderConfig,
  request: { method: "GET" | "POST"; path: string; body?: unknown },
  schema: z.ZodType<T>,
): Promise<T> {
  // Relative to the base URL, which may carry a path of its own (a proxy, a fake mounted under a prefix).
  const url = new URL(request.path.replace(/^\//, ""), config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        Accept: "application/json",
        ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderCallError(provider, `could not be reached (${(error as Error).message})`);
  }
  const text = await response.text().catch(() => "");
  const json = parseJson(text);
  if (!response.ok) {
    const message = (json as { message?: unknown } | undefined)?.message;
    throw new ProviderCallError(
      provider,
      `answered ${response.status}${typeof message === "string" ? `: ${message}` : ""}`,
      response.status,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ProviderCallError(
      provider,
      `sent an unexpected answer (${parsed.error.issues[0]?.path.join(".") ?? "body"}: ${parsed.error.issues[0]?.message ?? "invalid"})`,
      response.status,
    );
  return parsed.data;
}
