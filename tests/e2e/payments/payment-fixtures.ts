import { expect, type APIRequestContext, type Browser } from "@playwright/test";
import { fakePorts } from "../../fakes/fake-config";
import type { TFakeTransaction, TWebhook } from "../../fakes/fake-provider";
import { BASE, signedIn } from "../support";

// Helpers for the payment journeys: an order placed through the cart and checkout, the
// fakes' control API, and the admin's local mailbox as the place where a customer's receipts show.

export type TProvider = "paystack" | "flutterwave";
const ports = fakePorts(Number(new URL(BASE).port));
export const FAKE_URL: Record<TProvider, string> = {
  paystack: `http://127.0.0.1:${ports.paystack}`,
  flutterwave: `http://127.0.0.1:${ports.flutterwave}`,
};

export type TTestOrder = { orderId: string; orderNumber: string; totalKobo: number };

/** What a test order holds: a store product's page, a marketplace listing's, or a course's (its first open intake). */
export type TTestOrderItem = { product: string } | { listing: string } | { course: string };

/**
 * An order placed the way a customer places one: the signed-in user's cart is emptied, one of the item goes in (a
 * solar panel unless told otherwise), and the checkout form is sent with this payment method. A card checkout starts
 * the payment (its redirect to the hosted page is not followed); the order is the newest on the customer's dashboard.
 */
export async function placeTestOrder(
  request: APIRequestContext,
  paymentMethod: TProvider | "bank_transfer" | "pay_on_delivery",
  item: TTestOrderItem = { product: "/store/mono-perc-450w-panel" },
): Promise<TTestOrder> {
  const post = (path: string, form: Record<string, string>) => request.post(path, { form, headers: { origin: BASE }, maxRedirects: 0 });
  const cart = await (await request.get("/cart")).text();
  for (const id of new Set([...cart.matchAll(/name="variantId" value="(\d+)"/g)].map((m) => m[1]!)))
    await post("/cart/update", { variantId: id, quantity: "0", _js: "1" });
  const [path, field] =
    "product" in item ? [item.product, "variantId"] : "listing" in item ? [item.listing, "listingId"] : [item.course, "intakeId"];
  const page = await (await request.get(path)).text();
  const id = new RegExp(`name="${field}"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="${field}"`).exec(page);
  expect(id, "the page's add-to-cart form").toBeTruthy();
  expect((await post("/cart/add", { [field]: id![1] ?? id![2]!, quantity: "1", returnTo: "/cart", _js: "1" })).ok()).toBe(true);

  const form = await (await request.get("/checkout")).text();
  const checkoutKey = /name="checkoutKey" value="([^"]+)"/.exec(form)![1]!;
  const totalKobo = Number(/name="expectedTotal-standard" value="(\d+)"/.exec(form)![1]);
  const placed = await post("/checkout", {
    checkoutKey,
    "expectedTotal-standard": String(totalKobo),
    fullName: "Chidinma Eze",
    phone: "0806 345 6789",
    addressLine: "15 Admiralty Way, Lekki Phase 1",
    city: "Eti-Osa",
    state: "Lagos",
    deliveryMethod: "standard",
    paymentMethod,
  });
  expect(placed.status(), "checkout sends the customer on").toBe(302);
  const location = placed.headers().location!;
  const byCard = paymentMethod in FAKE_URL;
  expect(location).toContain(byCard ? FAKE_URL[paymentMethod as TProvider] : "/payment-success?order=");

  const dashboard = await (await request.get("/client-dashboard")).text();
  const orderId = byCard ? /\/orders\/([0-9a-f-]{36})\/pay/.exec(dashboard)![1]! : new URL(location, BASE).searchParams.get("order")!;
  const orderNumber = /ZV-\d+/.exec(dashboard)![0];
  return { orderId, orderNumber, totalKobo };
}

/** POST /orders/:id/pay as the checkout page and the retry button do; returns the hosted checkout URL. */
export async function startPayment(request: APIRequestContext, orderId: string): Promise<string> {
  const res = await request.post(`/orders/${orderId}/pay`, { headers: { origin: BASE }, maxRedirects: 0 });
  expect(res.status(), "pay redirects to the provider").toBe(302);
  return res.headers().location!;
}

export async function fakeControl<T>(
  request: APIRequestContext,
  provider: TProvider,
  action: string,
  body: Record<string, unknown> = {},
): Promise<T> {
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

/** Pays at the fake without a browser and without its own webhook delivery: returns the signed webhook and its reference. */
export async function payAtFake(
  request: APIRequestContext,
  provider: TProvider,
  orderId: string,
): Promise<TWebhook & { reference: string }> {
  const tx = await transactionFor(request, provider, await startPayment(request, orderId));
  const { webhook } = await fakeControl<{ webhook: TWebhook }>(request, provider, "complete", {
    reference: tx.reference,
    outcome: "success",
    sendWebhook: false,
  });
  return { ...webhook, reference: tx.reference };
}

/** Posts a webhook as the provider does: raw body, its headers, no cookie and no Origin. */
export async function postWebhook(request: APIRequestContext, provider: TProvider, webhook: TWebhook) {
  const res = await request.post(`${BASE}/api/webhooks/${provider}`, { headers: webhook.headers, data: webhook.body, maxRedirects: 0 });
  return { status: res.status(), body: (await res.json().catch(() => null)) as { outcome?: string } | null };
}

/** How many payment receipts for this order the customer at `email` was sent, read from the admin's local mailbox. */
export async function receiptCount(browser: Browser, email: string, orderNumber: string): Promise<number> {
  const context = await browser.newContext({ storageState: signedIn("admin") });
  try {
    const page = await context.newPage();
    await page.goto(`/admin/mailbox?to=${encodeURIComponent(email)}`);
    return await page.getByRole("link", { name: new RegExp(`Payment receipt: .* for Order ${orderNumber}\\b`) }).count();
  } finally {
    await context.close();
  }
}
