import { orFail } from "../../tests/support/results";
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZCheckout } from "@domain/orders/checkout-input";
import type { TPaymentMethod } from "@domain/orders/order-status";
import { startFakeFlutterwave } from "../../tests/fakes/flutterwave";
import { FAKE_SECRETS } from "../../tests/fakes/fake-config";
import type { TFakeProvider, TWebhook } from "../../tests/fakes/fake-provider";
import { startFakePaystack } from "../../tests/fakes/paystack";
import { makeUser, placeOrderOrFail, startPaymentOrFail } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { adminAlerts } from "../alerts/schema";
import { auditLog } from "../audit/schema";
import { productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { seedCatalog } from "../db/seed/seed-catalog";
import { env } from "../env";
import { outbox } from "../messaging/schema";
import { getOrder } from "../orders/get-order";
import { orderEvents } from "../orders/schema";
import { confirmOfflinePayment } from "./confirm-offline-payment";
import { confirmPayment } from "./confirm-payment";
import { findPaymentAttempt } from "./find-payment-attempt";
import { handlePaymentCallback } from "./handle-payment-callback";
import { handlePaymentWebhook } from "./handle-webhook";
import { createFlutterwaveProvider } from "./providers/flutterwave";
import { findPaymentProvider } from "./providers/get-payment-provider";
import { createPaystackProvider } from "./providers/paystack";
import { reconcilePayments } from "./reconcile-payments";
import { refundOrderPayment } from "./refund-order-payment";
import { webhookEvents } from "./schema";
import { startOnlinePayment } from "./start-online-payment";
import { type TFailure } from "@domain/errors/app-error";
import { metricValue } from "../../tests/support/metrics";

useTestDatabase();

let paystack: TFakeProvider;
let flutterwave: TFakeProvider;
let variantId: number;

beforeAll(async () => {
  paystack = await startFakePaystack({ secretKey: FAKE_SECRETS.paystackKey });
  flutterwave = await startFakeFlutterwave({ secretKey: FAKE_SECRETS.flutterwaveKey, secretHash: FAKE_SECRETS.flutterwaveHash });
  Object.assign(env, {
    PAYSTACK_SECRET_KEY: FAKE_SECRETS.paystackKey,
    PAYSTACK_BASE_URL: paystack.url,
    FLUTTERWAVE_SECRET_KEY: FAKE_SECRETS.flutterwaveKey,
    FLUTTERWAVE_SECRET_HASH: FAKE_SECRETS.flutterwaveHash,
    FLUTTERWAVE_BASE_URL: flutterwave.url,
  });
  await seedCatalog();
  const [variant] = await getDb().select({ id: productVariants.id }).from(productVariants).where(gte(productVariants.onHand, 50)).limit(1);
  variantId = variant!.id;
});

afterAll(async () => {
  await Promise.all([paystack?.close(), flutterwave?.close()]);
});

const staff = { id: "", name: "Funmilayo Adebayo" };

async function newOrder(paymentMethod: TPaymentMethod, quantity = 1) {
  const customer = await makeUser("customer", "Chiamaka Okafor");
  const checkout = ZCheckout.parse({
    fullName: "Chiamaka Okafor",
    phone: "0803 123 4567",
    addressLine: "14 Admiralty Way, Lekki Phase 1",
    city: "Eti-Osa",
    state: "Lagos",
    deliveryMethod: "standard",
    paymentMethod,
    checkoutKey: randomUUID(),
  });
  const { order } = await placeOrderOrFail({
    customer: { userId: customer.id, email: customer.email },
    checkout,
    lines: [{ variantId, quantity }],
  });
  return { order, customer };
}

const orderStatus = async (orderId: string) => (await getOrder(orderId))!.status;
const paidEvents = async (orderId: string) =>
  (
    await getDb()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "paid")))
  ).length;
const receipts = async (email: string) =>
  (
    await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, "payment_receipt")))
  ).length;
const storedEvents = async () => (await getDb().select({ id: webhookEvents.id }).from(webhookEvents)).length;
const headersOf = (webhook: TWebhook) => new Headers(webhook.headers);

async function startPaid(provider: "paystack" | "flutterwave", fake: TFakeProvider) {
  const { order, customer } = await newOrder(provider);
  const { reference } = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
  const { webhook } = await fake.complete(reference, "success", { sendWebhook: false });
  return { order, customer, reference, webhook: webhook! };
}

describe("webhook authentication", () => {
  const body = '{"event":"charge.success","data":{"id":302961,"reference":"ZV-100001-0a1b2c3d4e","amount":4500000}}';
  // openssl dgst -sha512 -hmac sk_test_vector_key
  const vector =
    "592c351e5ba288e378250c46b6b5cbc3ce12b9551f45b14b161bc34265682b9cc842c9b323a2d62eee92cfde87b428d0edf6ca919cac073faf39f08b4d7e1a30";
  const paystackAdapter = createPaystackProvider({ secretKey: "sk_test_vector_key", baseUrl: "http://127.0.0.1:9" });

  it("accepts Paystack's hex HMAC-SHA512 of the raw body and nothing else", () => {
    expect(paystackAdapter.authenticateWebhook(body, new Headers({ "x-paystack-signature": vector }))).toBe(true);
    expect(paystackAdapter.authenticateWebhook(body, new Headers({ "x-paystack-signature": vector.toUpperCase() }))).toBe(true);
    expect(paystackAdapter.authenticateWebhook(`${body} `, new Headers({ "x-paystack-signature": vector }))).toBe(false);
    expect(paystackAdapter.authenticateWebhook(body, new Headers({ "x-paystack-signature": vector.slice(0, -2) }))).toBe(false);
    expect(paystackAdapter.authenticateWebhook(body, new Headers())).toBe(false);
  });

  it("accepts Flutterwave's verif-hash only when it equals the secret hash", () => {
    const adapter = createFlutterwaveProvider({ secretKey: "k", secretHash: "my-secret-hash", baseUrl: "http://127.0.0.1:9" });
    expect(adapter.authenticateWebhook(body, new Headers({ "verif-hash": "my-secret-hash" }))).toBe(true);
    expect(adapter.authenticateWebhook(body, new Headers({ "verif-hash": "my-secret-hasH" }))).toBe(false);
    expect(adapter.authenticateWebhook(body, new Headers({ "verif-hash": "my-secret" }))).toBe(false);
    expect(adapter.authenticateWebhook(body, new Headers())).toBe(false);
  });

  it("parses the event key, type, reference and transaction id", () => {
    expect(paystackAdapter.parseWebhook(body)).toEqual({
      eventKey: "charge.success:302961",
      eventType: "charge.success",
      reference: "ZV-100001-0a1b2c3d4e",
      transactionId: "302961",
    });
    expect(paystackAdapter.parseWebhook("not json")).toBeNull();
    expect(paystackAdapter.parseWebhook('{"event":"charge.success"}')).toBeNull();
  });

  it("a webhook with a bad signature gets 401 and nothing is stored or paid", async () => {
    const { order, webhook } = await startPaid("paystack", paystack);
    const before = await storedEvents();
    const log = watchLog();
    const forged = await handlePaymentWebhook("paystack", webhook.body, new Headers({ "x-paystack-signature": "0".repeat(128) }));
    expect(forged.status).toBe(401);
    const unsigned = await handlePaymentWebhook("flutterwave", webhook.body, new Headers());
    expect(unsigned.status).toBe(401);
    log.expectLogged("webhook refused: bad or missing signature", { provider: "paystack" });
    log.expectLogged("webhook refused: bad or missing signature", { provider: "flutterwave" });
    expect(await storedEvents()).toBe(before);
    expect(await orderStatus(order.id)).toBe("pending_payment");
  });
});

describe("online payment", () => {
  it("Paystack: a refresh reuses the checkout link, and the same webhook twice pays once", async () => {
    const { order, customer } = await newOrder("paystack");
    const first = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    expect(first.url.startsWith(`${paystack.url}/checkout/`)).toBe(true);
    expect(first.reference).toMatch(/^ZV-\d{6}-[0-9a-f]{10}$/);
    const again = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    expect(again).toMatchObject({ url: first.url, reference: first.reference, reused: true });
    expect(paystack.state.transactions.filter((t) => t.reference.startsWith(first.reference.slice(0, 9)))).toHaveLength(1);
    expect(paystack.find(first.reference)!.amountKobo).toBe(order.totalKobo);

    const { webhook } = await paystack.complete(first.reference, "success", { sendWebhook: false });
    const paidBefore = await metricValue('payment_confirmations_total{provider="paystack",outcome="paid"}');
    const appliedBefore = await metricValue('payment_webhooks_total{provider="paystack",result="applied"}');
    const one = await handlePaymentWebhook("paystack", webhook!.body, headersOf(webhook!));
    const two = await handlePaymentWebhook("paystack", webhook!.body, headersOf(webhook!));
    expect([one, two]).toEqual([
      { status: 200, body: { ok: true, outcome: "paid" } },
      { status: 200, body: { ok: true, outcome: "duplicate" } },
    ]);
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await paidEvents(order.id)).toBe(1);
    expect(await receipts(customer.email)).toBe(1);
    // The metrics count the payment once, and the repeat as a duplicate, not a second application.
    expect(await metricValue('payment_confirmations_total{provider="paystack",outcome="paid"}')).toBe(paidBefore + 1);
    expect(await metricValue('payment_webhooks_total{provider="paystack",result="applied"}')).toBe(appliedBefore + 1);
    const found = await findPaymentAttempt("paystack", first.reference);
    expect(found!.attempt).toMatchObject({ status: "succeeded", providerTransactionId: String(paystack.find(first.reference)!.id) });

    // The customer's browser comes back after the webhook: verified, nothing changes twice.
    const back = await handlePaymentCallback("paystack", new URLSearchParams({ trxref: first.reference, reference: first.reference }));
    expect(back).toMatchObject({ outcome: "already_paid", orderId: order.id });
    expect(await receipts(customer.email)).toBe(1);
    const paidAgain = await startOnlinePayment({ orderId: order.id, userId: customer.id });
    expect(paidAgain.ok || paidAgain.error.message).toMatch(/already paid/);
  });

  it("a webhook stored by an instance killed before it applied it is applied when the provider sends it again", async () => {
    const { order, customer, webhook } = await startPaid("paystack", paystack);
    // What a kill -9 between storing the event and confirming the payment leaves: the event stored, not processed, and
    // no answer to Paystack, which therefore sends it again.
    const event = findPaymentProvider("paystack")!.parseWebhook(webhook.body)!;
    await getDb()
      .insert(webhookEvents)
      .values({ provider: "paystack", eventKey: event.eventKey, eventType: event.eventType, payload: JSON.parse(webhook.body) });
    expect(await handlePaymentWebhook("paystack", webhook.body, headersOf(webhook))).toEqual({
      status: 200,
      body: { ok: true, outcome: "paid" },
    });
    expect(await orderStatus(order.id)).toBe("paid");
    const [stored] = await getDb().select().from(webhookEvents).where(eq(webhookEvents.eventKey, event.eventKey));
    expect(stored).toMatchObject({ outcome: "paid", processedAt: expect.any(Date) });
    // Applied now: a further repeat is a duplicate and changes nothing.
    expect((await handlePaymentWebhook("paystack", webhook.body, headersOf(webhook))).body.outcome).toBe("duplicate");
    expect(await paidEvents(order.id)).toBe(1);
    expect(await receipts(customer.email)).toBe(1);
  });

  it("Flutterwave: amounts go in naira, the callback verifies by transaction id, and the later webhook changes nothing", async () => {
    const { order, customer } = await newOrder("flutterwave", 2);
    const { url, reference } = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    expect(url.startsWith(`${flutterwave.url}/checkout/`)).toBe(true);
    expect(flutterwave.find(reference)!.amountKobo).toBe(order.totalKobo);
    const { returnUrl, webhook } = await flutterwave.complete(reference, "success", { sendWebhook: false });
    const query = new URL(returnUrl).searchParams;
    expect(query.get("status")).toBe("successful");
    expect(await handlePaymentCallback("flutterwave", query)).toMatchObject({ outcome: "paid", orderId: order.id });
    expect(await handlePaymentWebhook("flutterwave", webhook!.body, headersOf(webhook!))).toEqual({
      status: 200,
      body: { ok: true, outcome: "already_paid" },
    });
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await paidEvents(order.id)).toBe(1);
    expect(await receipts(customer.email)).toBe(1);
  });

  it("an amount that differs from the order does not pay; admins are alerted", async () => {
    const { order, customer } = await newOrder("paystack");
    const { reference } = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    paystack.override(reference, { amountKobo: order.totalKobo - 100 });
    const { webhook } = await paystack.complete(reference, "success", { sendWebhook: false });
    const log = watchLog();
    expect((await handlePaymentWebhook("paystack", webhook!.body, headersOf(webhook!))).body.outcome).toBe("mismatch");
    log.expectLogged("payment verification mismatch", { provider: "paystack", reference });
    expect(await orderStatus(order.id)).toBe("pending_payment");
    expect(await receipts(customer.email)).toBe(0);
    const found = await findPaymentAttempt("paystack", reference);
    expect(found!.attempt.status).toBe("failed");
    expect(found!.attempt.failureReason).toMatch(/amount ₦[\d,.]+ instead of ₦/);
    const [alert] = await getDb()
      .select()
      .from(adminAlerts)
      .where(eq(adminAlerts.dedupeKey, `payment-mismatch:paystack:${reference}`));
    expect(alert).toMatchObject({ type: "payment_mismatch", severity: "critical", status: "open" });
  });

  it("a currency other than naira does not pay", async () => {
    const { order, customer } = await newOrder("flutterwave");
    const { reference } = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    flutterwave.override(reference, { currency: "USD" });
    const { returnUrl } = await flutterwave.complete(reference, "success", { sendWebhook: false });
    const log = watchLog();
    const result = await handlePaymentCallback("flutterwave", new URL(returnUrl).searchParams);
    log.expectLogged("payment verification mismatch", { provider: "flutterwave", reference });
    expect(result).toMatchObject({
      ok: true,
      outcome: "mismatch",
      orderId: order.id,
      reason: expect.stringMatching(/currency USD instead of NGN/),
    });
    expect(await orderStatus(order.id)).toBe("pending_payment");
  });

  it("a declined card leaves the order pending, and the retry opens a new attempt that can pay", async () => {
    const { order, customer } = await newOrder("paystack");
    const first = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    const { returnUrl, webhook } = await paystack.complete(first.reference, "failed", { sendWebhook: false });
    expect(webhook).toBeNull();
    expect(await handlePaymentCallback("paystack", new URL(returnUrl).searchParams)).toMatchObject({
      outcome: "failed",
      orderId: order.id,
    });
    expect(await orderStatus(order.id)).toBe("pending_payment");
    expect((await findPaymentAttempt("paystack", first.reference))!.attempt.status).toBe("failed");

    const retry = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    expect(retry.reused).toBe(false);
    expect(retry.reference).not.toBe(first.reference);
    await paystack.complete(retry.reference, "success", { sendWebhook: false });
    expect(await handlePaymentCallback("paystack", new URLSearchParams({ reference: retry.reference }))).toMatchObject({ outcome: "paid" });
    expect(await orderStatus(order.id)).toBe("paid");
  });

  it("a Flutterwave page closed without paying abandons the attempt, so the retry gets a fresh link", async () => {
    const { order, customer } = await newOrder("flutterwave");
    const first = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    const { returnUrl } = await flutterwave.complete(first.reference, "cancelled", { sendWebhook: false });
    expect(await handlePaymentCallback("flutterwave", new URL(returnUrl).searchParams)).toMatchObject({
      outcome: "failed",
      orderId: order.id,
    });
    expect((await findPaymentAttempt("flutterwave", first.reference))!.attempt.status).toBe("abandoned");
    const retry = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    expect(retry.url).not.toBe(first.url);
  });

  it("a provider that is down: nothing is charged, the message says so, and the next click works", async () => {
    const { order, customer } = await newOrder("paystack");
    paystack.state.failNext = 1;
    const log = watchLog();
    const down = await startOnlinePayment({ orderId: order.id, userId: customer.id });
    expect(down.ok).toBe(false);
    log.expectLogged("payment initialize failed", { provider: "paystack" });
    const { error } = down as TFailure;
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/could not reach Paystack.*Nothing was charged/);
    const { url } = await startPaymentOrFail({ orderId: order.id, userId: customer.id });
    expect(url).toContain("/checkout/");
  });

  it("another customer's order is not found", async () => {
    const { order } = await newOrder("paystack");
    const stranger = await makeUser("customer", "Chiamaka Okafor");
    expect(await startOnlinePayment({ orderId: order.id, userId: stranger.id })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it("the reconciler pays an order whose webhook never came; a verify outage only postpones it", async () => {
    const { order, customer, reference } = await startPaid("paystack", paystack);
    paystack.state.failNext = 1;
    const log = watchLog();
    expect(await confirmPayment({ provider: findPaymentProvider("paystack")!, reference, actorLabel: "test" })).toMatchObject({
      outcome: "pending",
    });
    log.expectLogged("payment verify failed", { provider: "paystack", reference });
    expect(await orderStatus(order.id)).toBe("pending_payment");
    const counts = await reconcilePayments({ minAgeMs: 0 });
    expect(counts.paid).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await receipts(customer.email)).toBe(1);
    const [event] = await getDb()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "paid")));
    expect(event!.actorLabel).toBe("Payment reconciler");
  });
});

describe("refunds", () => {
  it("refunds a card payment through the provider once, even when clicked twice", async () => {
    const { order, customer, webhook } = await startPaid("paystack", paystack);
    await handlePaymentWebhook("paystack", webhook.body, headersOf(webhook));
    const member = await makeUser("staff", staff.name);
    const actor = { id: member.id, name: staff.name };
    const before = paystack.state.refunds.length;
    const [a, b] = await Promise.all([
      refundOrderPayment({ orderId: order.id, staff: actor }).then(orFail),
      refundOrderPayment({ orderId: order.id, staff: actor }).then(orFail),
    ]);
    expect([a.changed, b.changed].sort()).toEqual([false, true]);
    expect(paystack.state.refunds.length - before).toBe(1);
    expect(paystack.state.refunds.at(-1)!.amountKobo).toBe(order.totalKobo);
    expect(await orderStatus(order.id)).toBe("refunded");
    const later = await refundOrderPayment({ orderId: order.id, staff: actor }).then(orFail);
    expect(later).toMatchObject({ changed: false, message: expect.stringMatching(/already refunded/) });
    expect(paystack.state.refunds.length - before).toBe(1);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, order.id), eq(auditLog.action, "order.refund")));
    expect(audit!.actorId).toBe(member.id);
    const mails = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, customer.email), eq(outbox.kind, "order_status")))
      .orderBy(desc(outbox.id));
    expect(mails[0]!.subject).toMatch(/refunded/);
  });

  it("refunds Flutterwave in naira; a refused refund leaves the order paid and can be retried", async () => {
    const { order, reference } = await startPaid("flutterwave", flutterwave);
    await confirmPayment({
      provider: findPaymentProvider("flutterwave")!,
      reference,
      transactionId: String(flutterwave.find(reference)!.id),
      actorLabel: "test",
    });
    const member = await makeUser("staff", staff.name);
    flutterwave.state.failNext = 1;
    const log = watchLog();
    await expect(refundOrderPayment({ orderId: order.id, staff: { id: member.id, name: staff.name } }).then(orFail)).rejects.toThrow(
      /did not accept the refund/,
    );
    log.expectLogged("refund refused by provider");
    expect(await orderStatus(order.id)).toBe("paid");
    await refundOrderPayment({ orderId: order.id, staff: { id: member.id, name: staff.name } }).then(orFail);
    expect(await orderStatus(order.id)).toBe("refunded");
    expect(flutterwave.state.refunds.at(-1)!.amountKobo).toBe(order.totalKobo);
  });

  it("an unpaid order cannot be refunded", async () => {
    const { order } = await newOrder("paystack");
    const member = await makeUser("staff", staff.name);
    await expect(refundOrderPayment({ orderId: order.id, staff: { id: member.id, name: staff.name } }).then(orFail)).rejects.toThrow(
      /awaiting payment and cannot be refunded/,
    );
  });
});

describe("offline payments", () => {
  it("staff mark a bank transfer paid with the bank's reference, once", async () => {
    const { order, customer } = await newOrder("bank_transfer");
    const member = await makeUser("staff", staff.name);
    const actor = { id: member.id, name: staff.name };
    const done = await confirmOfflinePayment({ orderId: order.id, reference: "GTB/TRF/20261123/0042", staff: actor }).then(orFail);
    expect(done.changed).toBe(true);
    expect(await orderStatus(order.id)).toBe("paid");
    expect((await findPaymentAttempt("bank_transfer", "GTB/TRF/20261123/0042"))!.attempt).toMatchObject({
      status: "succeeded",
      amountKobo: order.totalKobo,
    });
    expect(await confirmOfflinePayment({ orderId: order.id, reference: "GTB/TRF/20261123/0042", staff: actor }).then(orFail)).toMatchObject(
      {
        changed: false,
      },
    );
    expect(await receipts(customer.email)).toBe(1);

    const other = await newOrder("bank_transfer");
    await expect(
      confirmOfflinePayment({ orderId: other.order.id, reference: "GTB/TRF/20261123/0042", staff: actor }).then(orFail),
    ).rejects.toThrow(/already recorded/);
    await expect(confirmOfflinePayment({ orderId: other.order.id, reference: " ", staff: actor }).then(orFail)).rejects.toThrow(
      /payment reference/,
    );

    // A manual refund record: no provider involved.
    const before = paystack.state.refunds.length + flutterwave.state.refunds.length;
    await refundOrderPayment({ orderId: order.id, staff: actor, reason: "Customer returned the inverter" }).then(orFail);
    expect(await orderStatus(order.id)).toBe("refunded");
    expect(paystack.state.refunds.length + flutterwave.state.refunds.length).toBe(before);
  });

  it("a card order is not confirmed by hand", async () => {
    const { order } = await newOrder("paystack");
    const member = await makeUser("staff", staff.name);
    await expect(
      confirmOfflinePayment({ orderId: order.id, reference: "ZENITH-123", staff: { id: member.id, name: staff.name } }).then(orFail),
    ).rejects.toThrow(/confirmed by the provider/);
  });
});
