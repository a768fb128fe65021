import { expect, type APIRequestContext, type Browser } from "@playwright/test";
import { fakePorts } from "../../fakes/fake-config";
import type { TFakeTransaction, TWebhook } from "../../fakes/fake-provider";
import { BASE, DEMO, signInAs } from "../support";

// Helpers for the payment journeys: an order without the cart (POST /api/e2e/orders, E2E_FIXTURES=1), the
// fakes' control API, and the admin's local mailbox as the place where a customer's receipts show.

export type TProvider = "paystack" | "flutterwave";
const ports = fakePorts(Number(new URL(BASE).port));
export const FAKE_URL: Record<TProvider, string> = { paystack: `http://127.0.0.1:${ports.paystack}`, flutterwave: `http://127.0.0.1:${ports.flutterwave}` };

export type TTestOrder = { orderId: string; orderNumber: string; totalKobo: number };

export async function placeTestOrder(request: APIRequestContext, paymentMethod: TProvider): Promise<TTestOrder> {
  const res = await request.post("/api/e2e/orders", { form: { paymentMethod }, headers: { origin: BASE } });
  expect(res.status(), "test order").toBe(200);
  return (await res.json()) as TTestOrder;
}

/** POST /orders/:id/pay as the checkout page and the retry button do; returns the hosted checkout URL. */
export async function startPayment(request: APIRequestContext, orderId: string): Promise<string> {
  const res = await request.post(`/orders/${orderId}/pay`, { headers: { origin: BASE }, maxRedirects: 0 });
  expect(res.status(), "pay redirects to the provider").toBe(302);
  return res.headers().location!;
}

export async function fakeControl<T>(request: APIRequestContext, provider: TProvider, action: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post(`${FAKE_URL[provider]}/__control/${action}`, { data: body });
  expect(res.ok(), `fake ${provider} ${action}`).toBe(true);
  return (await res.json()) as T;
}

/** The fake's transaction behind a hosted checkout URL. */
export async function transactionFor(request: APIRequestContext, provider: TProvider, checkoutUrl: string): Promise<TFakeTransaction> {
  const state = await fakeControl<{ transactions: TFakeTransaction[] }>(request, provider, "state");
  const tx = state.transactions.find((t) => checkoutUrl.endsWith(`/checkout/${t.accessCode}`));
  expect(tx, "transaction at the fake").toBeTruthy();
  return tx!;
}

/** Pays at the fake without a browser and without its own webhook delivery: returns the signed webhook. */
export async function payAtFake(request: APIRequestContext, provider: TProvider, orderId: string): Promise<TWebhook> {
  const tx = await transactionFor(request, provider, await startPayment(request, orderId));
  const { webhook } = await fakeControl<{ webhook: TWebhook }>(request, provider, "complete", { reference: tx.reference, outcome: "success", sendWebhook: false });
  return webhook;
}

/** Posts a webhook as the provider does: raw body, its headers, no cookie and no Origin. */
export async function postWebhook(request: APIRequestContext, provider: TProvider, webhook: TWebhook) {
  const res = await request.post(`${BASE}/api/webhooks/${provider}`, { headers: webhook.headers, data: webhook.body, maxRedirects: 0 });
  return { status: res.status(), body: (await res.json().catch(() => null)) as { outcome?: string } | null };
}

/** How many payment receipts for this order the customer was sent (the admin's local mailbox lists every e-mail). */
export async function receiptCount(browser: Browser, orderNumber: string): Promise<number> {
  const context = await browser.newContext();
  try {
    await signInAs(context.request, DEMO.admin);
    const page = await context.newPage();
    await page.goto("/admin/mailbox");
    return await page.getByRole("link", { name: new RegExp(`Payment receipt: .* for Order ${orderNumber}\\b`) }).count();
  } finally {
    await context.close();
  }
}
