import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeBrevo } from "../../tests/fakes/brevo";
import { startFakeKlaviyo } from "../../tests/fakes/klaviyo";
import { startSmtpSink } from "../../tests/fakes/smtp-sink";
import { startFakeTermii } from "../../tests/fakes/termii";
import { startFakeTwilio } from "../../tests/fakes/twilio";
import { makeUser, placeSeededOrder } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { adminAlerts } from "../alerts/schema";
import { isUnsubscribeTokenFor } from "../content/newsletter/newsletter-tokens";
import { updateOrderStatus } from "../orders/update-order-status";
import { getDb } from "../db/client";
import { deliverDueMessages, NO_SMS_PROVIDER, requeueStuckMessages } from "./deliver-outbox";
import type { TDeliveryConfig } from "./delivery-config";
import { enqueueEmail } from "./enqueue-email";
import { enqueueSms } from "./enqueue-sms";
import { outbox } from "./schema";
import { createDelivery } from "./transports";

useTestDatabase();

const KEYS = {
  klaviyo: "pk_test_klaviyo_fake",
  brevo: "xkeysib-fake-brevo",
  twilioSid: "AC00000000000000000000000000000000",
  twilioToken: "fake-twilio-token",
  termii: "TL-fake-termii-key",
};
let klaviyo: Awaited<ReturnType<typeof startFakeKlaviyo>>;
let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let termii: Awaited<ReturnType<typeof startFakeTermii>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  [klaviyo, brevo, twilio, termii, smtp] = await Promise.all([
    startFakeKlaviyo({ apiKey: KEYS.klaviyo }),
    startFakeBrevo({ apiKey: KEYS.brevo }),
    startFakeTwilio({ accountSid: KEYS.twilioSid, authToken: KEYS.twilioToken }),
    startFakeTermii({ apiKey: KEYS.termii }),
    startSmtpSink(),
  ]);
});
afterAll(() => Promise.all([klaviyo, brevo, twilio, termii, smtp].map((f) => f.close())));
beforeEach(async () => {
  for (const f of [klaviyo, brevo, twilio, termii, smtp]) f.reset();
  await getDb().delete(outbox); // each test sees only its own messages
  await getDb().delete(adminAlerts);
});

/** Every provider configured, in the default order; `over` removes or changes some. */
function config(over: Partial<TDeliveryConfig> = {}): TDeliveryConfig {
  return {
    emailOrder: ["klaviyo", "brevo", "smtp"],
    klaviyo: { apiKey: KEYS.klaviyo, baseUrl: klaviyo.url },
    brevo: { apiKey: KEYS.brevo, baseUrl: brevo.url },
    smtpUrl: smtp.url,
    smsOrder: ["termii", "twilio"],
    termii: { apiKey: KEYS.termii, senderId: "Zavolah", channel: "generic", baseUrl: termii.url },
    twilio: { accountSid: KEYS.twilioSid, authToken: KEYS.twilioToken, from: "+15005550006", baseUrl: twilio.url },
    mailFrom: { email: "no-reply@zavolah.ng", name: "Zavolah" },
    ...over,
  };
}
const deliver = (over: Partial<TDeliveryConfig> = {}) => deliverDueMessages(createDelivery(config(over)));

const EMAIL = { subject: "Your order ZV-100123", html: "<p>Thanks for your order</p>", text: "Thanks for your order" };
const queueEmail = (to = "ada@example.ng", opts: Parameters<typeof enqueueEmail>[4] = {}) =>
  enqueueEmail(getDb(), "order_confirmation", { email: to, name: "Ada Obi" }, EMAIL, opts);
const row = async (id: number) => (await getDb().select().from(outbox).where(eq(outbox.id, id)))[0]!;
const makeDue = (id: number) =>
  getDb()
    .update(outbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outbox.id, id));

describe("e-mail provider order and fallback (docs/product/messaging.md#providers)", () => {
  it("tries Klaviyo first when its key is set, as an event carrying the rendered message", async () => {
    const id = await queueEmail();
    expect(await deliver()).toBe(1);
    expect(klaviyo.sent).toHaveLength(1);
    expect(brevo.sent).toHaveLength(0);
    const event = (
      klaviyo.sent[0]!.body as {
        data: { attributes: { profile: { data: { attributes: Record<string, string> } }; properties: Record<string, unknown> } };
      }
    ).data.attributes;
    expect(event.profile.data.attributes).toMatchObject({ email: "ada@example.ng", first_name: "Ada", last_name: "Obi" });
    expect(event.properties).toMatchObject({
      subject: EMAIL.subject,
      html: EMAIL.html,
      text: EMAIL.text,
      from_email: "no-reply@zavolah.ng",
    });
    expect(await row(id)).toMatchObject({
      status: "sent",
      provider: "klaviyo",
      providerMessageId: `zavolah-outbox-${id}`,
      attempts: 1,
      lastError: null,
    });
  });

  it("skips Klaviyo without a key and sends through Brevo with MAIL_FROM, recording Brevo's messageId", async () => {
    const id = await queueEmail();
    expect(await deliver({ klaviyo: undefined })).toBe(1);
    expect(klaviyo.calls).toHaveLength(0);
    expect(brevo.sent).toHaveLength(1);
    expect(brevo.sent[0]!.body).toMatchObject({
      sender: { email: "no-reply@zavolah.ng", name: "Zavolah" },
      to: [{ email: "ada@example.ng", name: "Ada Obi" }],
      subject: EMAIL.subject,
      htmlContent: EMAIL.html,
      textContent: EMAIL.text,
      tags: ["order_confirmation"],
    });
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", provider: "brevo" });
    expect(sent.providerMessageId).toMatch(/@smtp-relay\.mailin\.fr>$/);
  });

  it("sends a campaign from its own sender instead of MAIL_FROM", async () => {
    await queueEmail("fan@example.ng", { from: { email: "news@zavolah.ng", name: "Zavolah News" }, marketing: true });
    await deliver({ klaviyo: undefined });
    expect(brevo.sent[0]!.body).toMatchObject({
      sender: { email: "news@zavolah.ng", name: "Zavolah News" },
      tags: ["order_confirmation", "marketing"],
    });
  });

  it("marketing mail carries the one-click unsubscribe headers (RFC 8058) through Brevo and SMTP; other mail does not", async () => {
    await queueEmail("fan@example.ng", { marketing: true });
    await queueEmail("buyer@example.ng");
    await deliver({ klaviyo: undefined });
    const [marketing, order] = brevo.sent.map((s) => s.body as { headers?: Record<string, string> });
    const header = marketing!.headers!["List-Unsubscribe"]!;
    expect(marketing!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = new URL(/^<(.+)>$/.exec(header)![1]!);
    expect(url.pathname).toBe("/newsletter/unsubscribe");
    expect(isUnsubscribeTokenFor(url.searchParams.get("token")!, "fan@example.ng")).toBe(true);
    expect(url.searchParams.get("email")).toBe("fan@example.ng");
    expect(Object.keys(order!.headers!)).toEqual(["idempotencyKey"]);

    await queueEmail("reader@example.ng", { marketing: true });
    await deliver({ klaviyo: undefined, brevo: undefined });
    const raw = smtp.received[0]!.data.replace(/\r\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/newsletter\/unsubscribe\?token=[\w-]+&email=reader%40example\.ng>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it("moves to the next provider when one fails, and records which one delivered", async () => {
    klaviyo.failNext(500);
    const first = await queueEmail("one@example.ng");
    const log = watchLog();
    await deliver();
    expect(await row(first)).toMatchObject({ status: "sent", provider: "brevo", lastError: null });

    klaviyo.failNext(500);
    brevo.failNext(503);
    const second = await queueEmail("two@example.ng");
    await deliver();
    expect(await row(second)).toMatchObject({ status: "sent", provider: "smtp" });
    expect(smtp.received.map((m) => m.to)).toEqual(["two@example.ng"]);
    expect(smtp.received[0]!.from).toBe("no-reply@zavolah.ng");
    log.expectLogged("email provider failed", { id: first, provider: "klaviyo", status: 500 });
    log.expectLogged("email provider failed", { id: second, provider: "brevo", status: 503 });
  });

  it("when all fail, records the all-services error, keeps the message queued, and a later retry delivers it", async () => {
    klaviyo.failNext(500);
    brevo.failNext(500);
    smtp.refuseNext(1);
    const id = await queueEmail();
    const log = watchLog();
    expect(await deliver()).toBe(0);
    log.expectLogged("email provider failed", { id, provider: "smtp" });
    log.expectLogged("message failed; will retry", { id, attempts: 1 });
    const failed = await row(id);
    expect(failed.status).toBe("queued");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/^Email delivery failed on all services \(Klaviyo, Brevo, SMTP\)\. /);
    expect(failed.lastError).toContain("Klaviyo HTTP error! status: 500");
    expect(failed.provider).toBeNull();
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    expect(await deliver()).toBe(0); // not due yet
    await makeDue(id);
    expect(await deliver()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", provider: "klaviyo", attempts: 2, lastError: null });
  });

  it("uses the local mailbox only when no real provider is configured, never as a fallback", async () => {
    const id = await queueEmail();
    const none = createDelivery(config({ klaviyo: undefined, brevo: undefined, smtpUrl: undefined }));
    expect(none.realEmail).toBe(false);
    await deliverDueMessages(none);
    expect(await row(id)).toMatchObject({ status: "sent", provider: "mailbox" });

    brevo.failNext(500);
    const second = await queueEmail();
    const log = watchLog();
    await deliver({ klaviyo: undefined, smtpUrl: undefined });
    log.expectLogged("email provider failed", { id: second, provider: "brevo", status: 500 });
    log.expectLogged("message failed; will retry", { id: second });
    expect(await row(second)).toMatchObject({ status: "queued", provider: null });
    expect((await row(second)).lastError).toMatch(/^Email delivery failed on all services \(Brevo\)/);
  });
});

describe("provider statuses 429, 403 and 451 (docs/product/messaging.md#provider-answers)", () => {
  it("429: the next provider sends now; with every provider rate-limited, the retry waits for Retry-After", async () => {
    klaviyo.failNext(429, 1, 30);
    const id = await queueEmail();
    const log = watchLog();
    await deliver();
    log.expectLogged("email provider failed", { id, provider: "klaviyo", status: 429 });
    expect(await row(id)).toMatchObject({ status: "sent", provider: "brevo" });

    brevo.failNext(429, 1, 900);
    const limited = await queueEmail();
    const before = Date.now();
    await deliver({ klaviyo: undefined, smtpUrl: undefined });
    const waiting = await row(limited);
    expect(waiting.status).toBe("queued");
    expect(waiting.lastError).toContain("Brevo HTTP error! status: 429");
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 900_000); // not the 30 s back-off
    log.expectLogged("email provider failed", { id: limited, provider: "brevo", status: 429 });
    log.expectLogged("message failed; will retry", { id: limited });
    await makeDue(limited);
    await deliver({ klaviyo: undefined, smtpUrl: undefined });
    expect(await row(limited)).toMatchObject({ status: "sent", provider: "brevo", attempts: 2 });
  });

  it("403: moves on to the next provider and raises one admin alert however often it happens", async () => {
    klaviyo.failNext(403, 2);
    const a = await queueEmail("a@example.ng");
    const b = await queueEmail("b@example.ng");
    const log = watchLog();
    expect(await deliver()).toBe(2);
    log.expectLogged("email provider failed", { id: a, provider: "klaviyo", status: 403 });
    log.expectLogged("email provider failed", { id: b, provider: "klaviyo", status: 403 });
    expect(
      (
        await getDb()
          .select()
          .from(outbox)
          .where(inArray(outbox.id, [a, b]))
      ).map((r) => r.provider),
    ).toEqual(["brevo", "brevo"]);
    const alerts = await getDb().select().from(adminAlerts).where(eq(adminAlerts.status, "open"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      severity: "high",
      dedupeKey: "messaging:klaviyo:forbidden",
      title: "Klaviyo refused our credentials (HTTP 403)",
    });
  });

  it("451: the provider refused this message for legal reasons; the next one sends it and admins are told", async () => {
    brevo.failNext(451);
    const id = await queueEmail();
    const log = watchLog();
    await deliver({ klaviyo: undefined });
    log.expectLogged("email provider failed", { id, provider: "brevo", status: 451 });
    expect(await row(id)).toMatchObject({ status: "sent", provider: "smtp" });
    const [alert] = await getDb().select().from(adminAlerts).where(eq(adminAlerts.dedupeKey, "messaging:brevo:legal"));
    expect(alert).toMatchObject({ severity: "medium", status: "open" });
  });

  it("a wrong key (401) is a failure with an alert, not a success", async () => {
    const id = await queueEmail();
    const log = watchLog();
    await deliver({ klaviyo: undefined, smtpUrl: undefined, brevo: { apiKey: "wrong", baseUrl: brevo.url } });
    log.expectLogged("email provider failed", { id, provider: "brevo", status: 401 });
    log.expectLogged("message failed; will retry", { id });
    expect(await row(id)).toMatchObject({ status: "queued" });
    expect(await getDb().select().from(adminAlerts).where(eq(adminAlerts.dedupeKey, "messaging:brevo:forbidden"))).toHaveLength(1);
  });
});

describe("a crash between enqueue and send loses nothing", () => {
  it("a message claimed by a worker that died is requeued after its lease and sent exactly once", async () => {
    const id = await queueEmail();
    // A worker claimed it (status sending, lease 5 min) and died before sending.
    await getDb()
      .update(outbox)
      .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(Date.now() + 300_000) })
      .where(eq(outbox.id, id));
    expect(await requeueStuckMessages()).toBe(0); // lease still held
    expect(await deliver({ klaviyo: undefined })).toBe(0);
    expect(brevo.calls).toHaveLength(0);

    await getDb()
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id)); // lease ran out
    expect(await requeueStuckMessages()).toBe(1);
    const runs = await Promise.all([deliver({ klaviyo: undefined }), deliver({ klaviyo: undefined })]); // two workers at once
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await deliver({ klaviyo: undefined })).toBe(0);
    expect(brevo.sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, provider: "brevo" });
  });

  it("a message Brevo took from a worker that died before recording it is sent again with its key, and delivered once", async () => {
    const id = await queueEmail();
    expect(await deliver({ klaviyo: undefined })).toBe(1);
    const first = await row(id);
    expect(brevo.sent).toHaveLength(1);
    expect((brevo.sent[0]!.body.headers as Record<string, string>).idempotencyKey).toBe(first.idempotencyKey);
    // What a worker killed after Brevo's answer leaves behind: the row still "sending", its lease run out.
    await getDb()
      .update(outbox)
      .set({ status: "sending", providerMessageId: null, sentAt: null, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    expect(await requeueStuckMessages()).toBe(1);
    expect(await deliver({ klaviyo: undefined })).toBe(1);
    expect(brevo.sent).toHaveLength(1); // the recipient got it once
    expect(brevo.repeats).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, providerMessageId: first.providerMessageId });
  });

  it("a message enqueued in a transaction that rolls back is never written", async () => {
    await expect(
      getDb().transaction(async (tx) => {
        await enqueueEmail(tx, "order_confirmation", { email: "ghost@example.ng" }, EMAIL);
        await enqueueSms(tx, "order_received_sms", "08031234567", "ghost");
        throw new Error("order failed after the messages were queued");
      }),
    ).rejects.toThrow("order failed");
    expect(await getDb().select().from(outbox)).toHaveLength(0);
    expect(await deliver()).toBe(0);
    expect(brevo.calls.length + klaviyo.calls.length + termii.calls.length).toBe(0);
  });
});

describe("SMS (docs/product/messaging.md#sms)", () => {
  it("normalises the number to +234 and sends through Termii", async () => {
    const id = await enqueueSms(getDb(), "test_sms", "0803 123 4567", "Zavolah: your order has shipped.");
    expect(await row(id)).toMatchObject({ channel: "sms", recipient: "+2348031234567", subject: "", status: "queued" });
    expect(await deliver()).toBe(1);
    expect(termii.sent[0]!.body).toEqual({
      api_key: KEYS.termii,
      to: "2348031234567",
      from: "Zavolah",
      sms: "Zavolah: your order has shipped.",
      type: "plain",
      channel: "generic",
    });
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", provider: "termii" });
    expect(sent.providerMessageId).toMatch(/^\d+$/);
  });

  it("sends through Twilio (form-encoded, basic auth) and records the sid", async () => {
    const id = await enqueueSms(getDb(), "test_sms", "2348091234567", "Hello from Zavolah");
    await deliver({ smsOrder: ["twilio"] });
    expect(twilio.sent[0]!.body).toEqual({ To: "+2348091234567", From: "+15005550006", Body: "Hello from Zavolah" });
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", provider: "twilio" });
    expect(sent.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it("falls back from Termii to Twilio", async () => {
    termii.failNext(500);
    const id = await enqueueSms(getDb(), "test_sms", "+234 703 123 4567", "Fallback");
    const log = watchLog();
    await deliver();
    log.expectLogged("sms provider failed", { id, provider: "termii", status: 500 });
    expect(await row(id)).toMatchObject({ status: "sent", provider: "twilio", recipient: "+2347031234567" });
  });

  it("refuses a number that is not a Nigerian mobile", async () => {
    await expect(enqueueSms(getDb(), "test_sms", "+44 7911 123456", "Hi")).rejects.toThrow(/Not a Nigerian mobile number/);
    await expect(enqueueSms(getDb(), "test_sms", "0612345678", "Hi")).rejects.toThrow(/Not a Nigerian mobile number/);
    expect(await getDb().select().from(outbox)).toHaveLength(0);
  });

  it("without SMS credentials the message stays queued with a warning and keeps its attempts; e-mail still goes", async () => {
    const sms = await enqueueSms(getDb(), "test_sms", "08031234567", "Waiting for credentials");
    const mail = await queueEmail();
    const noSms = { termii: undefined, twilio: undefined };
    const log = watchLog();
    expect(await deliver(noSms)).toBe(1);
    expect(await deliver(noSms)).toBe(0);
    expect(await row(mail)).toMatchObject({ status: "sent" });
    expect(await row(sms)).toMatchObject({ status: "queued", attempts: 0, lastError: NO_SMS_PROVIDER });
    log.expectLogged("SMS queued but no SMS provider is configured; they stay in the outbox", { count: 1 });

    expect(await deliver()).toBe(1); // credentials set: it goes
    expect(await row(sms)).toMatchObject({ status: "sent", provider: "termii", attempts: 1, lastError: null });
  });

  it("placing an order queues an SMS to the delivery phone in the same transaction", async () => {
    const customer = await makeUser("customer", "Bola Ade");
    const order = await placeSeededOrder(customer);
    const [sms] = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), eq(outbox.kind, "order_received_sms")));
    expect(sms).toMatchObject({ recipient: "+2348031234567", status: "queued" });
    expect(sms!.text).toMatch(
      new RegExp(`^Zavolah: we have received order ZV-${order.number} \\(₦[\\d,]+\\.\\d{2}\\)\\. We will text you when it ships\\.$`),
    );
  });

  it("shipping the order sends the text the first SMS promised", async () => {
    const customer = await makeUser("customer", "Tunde Bello");
    const staff = await makeUser("staff", "Sade Staff");
    const order = await placeSeededOrder(customer, { paymentMethod: "pay_on_delivery" });
    expect(await updateOrderStatus(staff, { orderId: order.id, to: "processing" })).toMatchObject({ ok: true });
    expect(await getDb().select().from(outbox).where(eq(outbox.kind, "order_shipped_sms"))).toHaveLength(0);
    expect(await updateOrderStatus(staff, { orderId: order.id, to: "shipped" })).toMatchObject({ ok: true });
    const [sms] = await getDb().select().from(outbox).where(eq(outbox.kind, "order_shipped_sms"));
    expect(sms).toMatchObject({ channel: "sms", recipient: "+2348031234567" });
    expect(sms!.text).toMatch(
      new RegExp(
        `^Zavolah: order ZV-${order.number} is on its way\\. The rider will call you before arriving\\. Please have ₦[\\d,.]+ ready\\.$`,
      ),
    );
  });
});
