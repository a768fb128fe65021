import { expect, test } from "@playwright/test";
import { signedInNewCustomer } from "../support";
import { fakeControl, payAtFake, placeTestOrder, postWebhook, receiptCount } from "./payment-fixtures";

// Issue 4: "a webhook with a bad signature gets 401 and changes nothing; the same webhook twice pays once".

// Each journey pays as a customer of its own, so its cart and its receipts are its own.
let email: string;
test.beforeEach(async ({ request, browser }) => {
  email = await signedInNewCustomer(request, browser);
});

test("a Paystack webhook with a bad or missing signature gets 401 and changes nothing", async ({ request, browser }) => {
  const order = await placeTestOrder(request, "paystack");
  const webhook = await payAtFake(request, "paystack", order.orderId);

  const forged = await postWebhook(request, "paystack", {
    body: webhook.body,
    headers: { ...webhook.headers, "x-paystack-signature": "ab".repeat(64) },
  });
  expect(forged.status).toBe(401);
  const unsigned = await postWebhook(request, "paystack", { body: webhook.body, headers: { "Content-Type": "application/json" } });
  expect(unsigned.status).toBe(401);
  const tampered = await postWebhook(request, "paystack", {
    body: webhook.body.replace(/"amount":\d+/, '"amount":100'),
    headers: webhook.headers,
  });
  expect(tampered.status).toBe(401);
  expect(await receiptCount(browser, email, order.orderNumber)).toBe(0);

  // Nothing was stored or paid by those: the genuine delivery is the first one the shop sees.
  expect(await postWebhook(request, "paystack", webhook)).toEqual({ status: 200, body: { ok: true, outcome: "paid" } });
  expect(await receiptCount(browser, email, order.orderNumber)).toBe(1);
});

test("the same Paystack webhook twice pays once", async ({ request, browser }) => {
  const order = await placeTestOrder(request, "paystack");
  const webhook = await payAtFake(request, "paystack", order.orderId);
  expect(await postWebhook(request, "paystack", webhook)).toEqual({ status: 200, body: { ok: true, outcome: "paid" } });
  expect(await postWebhook(request, "paystack", webhook)).toEqual({ status: 200, body: { ok: true, outcome: "duplicate" } });
  expect(await receiptCount(browser, email, order.orderNumber)).toBe(1);
});

test("Flutterwave: a wrong verif-hash gets 401; the fake's own delivery and its retry pay once", async ({ request, browser }) => {
  const order = await placeTestOrder(request, "flutterwave");
  const webhook = await payAtFake(request, "flutterwave", order.orderId);
  expect(
    (await postWebhook(request, "flutterwave", { body: webhook.body, headers: { ...webhook.headers, "verif-hash": "not-the-hash" } }))
      .status,
  ).toBe(401);

  const first = await fakeControl<{ delivery: { status: number; body: string } }>(request, "flutterwave", "resend-webhook", {
    reference: webhook.reference,
  });
  expect(first.delivery.status).toBe(200);
  expect(JSON.parse(first.delivery.body)).toMatchObject({ outcome: "paid" });
  const retry = await fakeControl<{ delivery: { status: number; body: string } }>(request, "flutterwave", "resend-webhook", {
    reference: webhook.reference,
  });
  expect(JSON.parse(retry.delivery.body)).toMatchObject({ outcome: "duplicate" });
  const forged = await fakeControl<{ delivery: { status: number } }>(request, "flutterwave", "resend-webhook", {
    reference: webhook.reference,
    forged: true,
  });
  expect(forged.delivery.status).toBe(401);
  expect(await receiptCount(browser, email, order.orderNumber)).toBe(1);
});
