import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../tests/fakes/smtp-sink";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { confirmEmail } from "./account-emails";
import { deliverDueMessages, MAX_ATTEMPTS, requeueStuckMessages, retryDelayMs } from "./deliver-outbox";
import type { TEmailProvider } from "./email-providers/types";
import { enqueueEmail } from "./enqueue-email";
import { getMailboxMessage } from "./list-mailbox";
import { outbox } from "./schema";
import { createDelivery, type TDelivery } from "./transports";

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

async function queued(to: string) {
  return enqueueEmail(
    getDb(),
    "email-confirmation",
    { email: to, name: "Kemi Adebayo" },
    confirmEmail("Kemi Adebayo", "http://localhost:3000/auth/callback?token=abc"),
  );
}
const MAIL_FROM = { email: "no-reply@zavolah.ng", name: "Zavolah" };
const only = (provider: TEmailProvider): TDelivery => ({ email: [provider], sms: [], realEmail: true, mailFrom: MAIL_FROM });
const config = (over: Partial<Parameters<typeof createDelivery>[0]> = {}) =>
  createDelivery({ emailOrder: ["klaviyo", "brevo", "smtp"], smsOrder: [], mailFrom: MAIL_FROM, ...over });
const row = async (id: number) => (await getDb().select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("e-mail outbox", () => {
  it("uses the local mailbox when no provider is configured", async () => {
    const mailbox = config();
    expect(mailbox.realEmail).toBe(false);
    const id = await queued("mailbox@example.ng");
    await deliverDueMessages(mailbox);
    expect(await row(id)).toMatchObject({ status: "sent", provider: "mailbox" });
  });

  it("delivers through real SMTP (nodemailer) and records provider and message id", async () => {
    const smtpTransport = config({ smtpUrl: smtp.url });
    const id = await queued("kemi@example.ng");
    expect(await deliverDueMessages(smtpTransport)).toBe(1);
    expect(smtp.received.at(-1)!.to).toBe("kemi@example.ng");
    expect(smtp.received.at(-1)!.data).toContain("Confirm your Zavolah account");
    expect(await row(id)).toMatchObject({ status: "sent", provider: "smtp", attempts: 1 });
    expect((await row(id)).providerMessageId).toMatch(/@/);
  });

  it("keeps a failed message queued with its error and retries it later", async () => {
    let fail = true;
    const flaky = only({
      name: "flaky",
      label: "Flaky",
      send: async () => {
        if (fail) throw new Error("connection refused");
        return { messageId: "m-1" };
      },
    });
    const id = await queued("retry@example.ng");
    const log = watchLog();
    expect(await deliverDueMessages(flaky)).toBe(0);
    log.expectLogged("email provider failed", { id, provider: "flaky" });
    log.expectLogged("message failed; will retry", { id, attempts: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "Email delivery failed on all services (Flaky). Flaky: connection refused",
    });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is sent. Once due, it goes.
    fail = false;
    expect(await deliverDueMessages(flaky)).toBe(0);
    await getDb()
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    expect(await deliverDueMessages(flaky)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const broken = only({ name: "broken", label: "Broken", send: async () => Promise.reject(new Error("550 mailbox unavailable")) });
    const id = await queued("gone@example.ng");
    await getDb()
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, id));
    const log = watchLog();
    await deliverDueMessages(broken);
    log.expectLogged("email provider failed", { id, provider: "broken" });
    log.expectLogged("message failed for good", { id, attempts: MAX_ATTEMPTS });
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: "Email delivery failed on all services (Broken). Broken: 550 mailbox unavailable",
    });
  });

  it("requeues a message whose sender died mid-send, so nothing is lost", async () => {
    const id = await queued("crash@example.ng");
    await getDb()
      .update(outbox)
      .set({ status: "sending", nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    expect(await requeueStuckMessages()).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe("queued");
  });

  it("hides sign-in links in the mailbox view once real e-mail is configured", async () => {
    const id = await queued("private@example.ng");
    expect((await getMailboxMessage(id, false))!.text).toContain("token=abc");
    const hidden = (await getMailboxMessage(id, true))!;
    expect(hidden.text).toContain("auth/callback?token=••••••");
    expect(hidden.html).not.toContain("token=abc");
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
