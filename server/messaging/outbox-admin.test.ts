import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZOutboxFilters } from "@domain/messaging/outbox-filters-input";
import { makeUser } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { deliverDueMessages, MAX_ATTEMPTS } from "./deliver-outbox";
import { enqueueEmail } from "./enqueue-email";
import { enqueueSms } from "./enqueue-sms";
import { getMailboxMessage, listMailbox } from "./list-mailbox";
import { listOutbox } from "./list-outbox";
import { parseThen } from "@domain/errors/app-error";
import type { TViewer } from "@domain/access/roles";
import { resendOutbox as resend, ZResend } from "./resend-outbox";
import { outbox } from "./schema";
import type { TDelivery } from "./transports";

// The admin's "Retry now" / "Send again" form, through the same schema and use case as its action.
const resendOutbox = (actor: TViewer, fields: Record<string, string>) => parseThen(ZResend, fields, [], (input) => resend(actor, input));

useTestDatabase();

const sentIds: string[] = [];
const working: TDelivery = {
  email: [{ name: "brevo", label: "Brevo", send: async (m) => (sentIds.push(m.reference), { messageId: `brevo-${m.reference}` }) }],
  // With no SMS provider, the SMS the listing tests queue would be parked, with a warning, by the first drain.
  sms: [{ name: "termii", label: "Termii", send: async (m) => ({ messageId: `termii-${m.reference}` }) }],
  realEmail: true,
  mailFrom: { email: "no-reply@zavolah.ng", name: "Zavolah" },
};
const mail = (to: string) =>
  enqueueEmail(getDb(), "contact_auto_reply", { email: to }, { subject: `Hello ${to}`, html: "<p>Hi</p>", text: "Hi" });
/** Delivers everything due (earlier tests leave queued rows; one run takes 20). */
const drain = async () => {
  while ((await deliverDueMessages(working)) > 0);
};
const row = async (id: number) => (await getDb().select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("admin outbox", () => {
  it("lists newest first with status and channel filters and pages", async () => {
    const a = await mail("list-a@example.ng");
    const sms = await enqueueSms(getDb(), "test_sms", "08031234567", "An SMS for the list");
    const b = await mail("list-b@example.ng");
    const all = await listOutbox(ZOutboxFilters.parse({}));
    expect(all.rows.slice(0, 3).map((r) => r.id)).toEqual([b, sms, a]);
    expect(all.rows.find((r) => r.id === sms)!.subject).toBe("An SMS for the list"); // SMS show their text

    const onlySms = await listOutbox(ZOutboxFilters.parse({ channel: "sms" }));
    expect(onlySms.rows.every((r) => r.channel === "sms")).toBe(true);
    expect(onlySms.rows.map((r) => r.id)).toContain(sms);

    await getDb().update(outbox).set({ status: "failed" }).where(eq(outbox.id, a));
    const failed = await listOutbox(ZOutboxFilters.parse({ status: "failed", channel: "email" }));
    expect(failed.rows.map((r) => r.id)).toEqual([a]);
    expect(ZOutboxFilters.parse({ status: "nonsense", page: "-3" })).toEqual({ status: "all", channel: "all", page: 1 });

    for (let i = 0; i < 30; i++) await mail(`page-${i}@example.ng`);
    const second = await listOutbox(ZOutboxFilters.parse({ page: "2" }));
    expect(second.page).toBe(2);
    expect(second.pageCount).toBe(Math.ceil(second.total / 25));
    expect(second.rows.length).toBe(Math.min(25, second.total - 25));
  });

  it("shows codes, link tokens and signed links masked in the lists and the delivery log, and the rest as written", async () => {
    // As main wrote a PIN reset (the code in the subject), a sign-in link, and an SMS carrying a code and a restore link.
    const pinReset = await enqueueEmail(
      getDb(),
      "zavcharge-pin-reset",
      { email: "driver.mask@example.ng", name: "Ifeanyi Okafor" },
      {
        subject: "Your ZavCharge PIN reset code: 482913",
        html: "<p>Account ZAV48213907LEKK, order ZV-100482. Reset code: <strong>482913</strong></p>",
        text: "Account ZAV48213907LEKK, order ZV-100482. Reset code: 482913",
      },
    );
    const signature = "Xk3n0_Qv-8aPz2rL5mB7tY1cW9dE4fG6hJ0kM2nP4qR";
    const sms = await enqueueSms(
      getDb(),
      "test_sms",
      "08031234567",
      `Zavolah: your code is 731905. Your cart: https://zavolah.ng/cart/restore/17.${signature}`,
    );
    await getDb()
      .update(outbox)
      .set({ lastError: "Brevo: 400 link https://zavolah.ng/reset-password?token=tok-123&x=1 refused" })
      .where(eq(outbox.id, pinReset));

    const listed = (await listOutbox(ZOutboxFilters.parse({}))).rows;
    const mailRow = listed.find((r) => r.id === pinReset)!;
    expect(mailRow.subject).toBe("Your ZavCharge PIN reset code: ••••••");
    expect(mailRow.lastError).toBe("Brevo: 400 link https://zavolah.ng/reset-password?token=••••••&x=1 refused");
    expect(listed.find((r) => r.id === sms)!.subject).toBe(
      "Zavolah: your code is ••••••. Your cart: https://zavolah.ng/cart/restore/••••••",
    );

    const [inMailbox] = await listMailbox({ to: "driver.mask@example.ng" });
    expect(inMailbox).toMatchObject({ subject: "Your ZavCharge PIN reset code: ••••••", lastError: mailRow.lastError });
    const opened = (await getMailboxMessage(pinReset, true))!;
    expect(opened.text).toBe("Account ZAV48213907LEKK, order ZV-100482. Reset code: ••••••");
    expect(opened.html).not.toContain("482913");
  });

  it("a failed message is requeued with its attempts reset, delivered, and the retry audited", async () => {
    const admin = await makeUser("admin", "Ada Admin");
    const id = await mail("failed@example.ng");
    await getDb()
      .update(outbox)
      .set({
        status: "failed",
        attempts: MAX_ATTEMPTS,
        lastError: "Email delivery failed on all services (Brevo)",
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .where(eq(outbox.id, id));

    const result = await resendOutbox(admin, { id: String(id) });
    expect(result).toMatchObject({ ok: true, id, copy: false });
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0, lastError: null });
    const log = watchLog();
    await drain();
    log.expectNothingLogged();
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, provider: "brevo" });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "outbox.retry"), eq(auditLog.resourceId, String(id))));
    expect(audit).toMatchObject({ actorId: admin.id, resourceType: "outbox" });
  });

  it("a sent message is sent again as a new copy; the first stays as it was", async () => {
    const admin = await makeUser("admin");
    const id = await mail("again@example.ng");
    await drain();
    const first = await row(id);
    const result = await resendOutbox(admin, { id: String(id) });
    expect(result.ok && result.copy).toBe(true);
    const copyId = result.ok ? result.id : 0;
    expect(copyId).not.toBe(id);
    expect(await row(copyId)).toMatchObject({
      status: "queued",
      attempts: 0,
      recipient: "again@example.ng",
      subject: first.subject,
      html: first.html,
      provider: null,
    });
    await drain();
    expect(sentIds.filter((r) => r === String(id) || r === String(copyId))).toEqual([String(id), String(copyId)]);
    expect(await row(id)).toEqual(first);
    const audits = await getDb().select().from(auditLog).where(eq(auditLog.action, "outbox.resend"));
    expect(audits.at(-1)).toMatchObject({ actorId: admin.id, resourceId: String(id), newData: expect.objectContaining({ copyId }) });
  });

  it("refuses non-admins, unknown ids and messages being sent", async () => {
    const staff = await makeUser("staff");
    const admin = await makeUser("admin");
    const id = await mail("busy@example.ng");
    expect(await resendOutbox(staff, { id: String(id) })).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: "Only admins can resend messages." },
    });
    expect(await resendOutbox(admin, { id: "999999" })).toMatchObject({
      ok: false,
      error: { code: "not_found", message: "That message no longer exists." },
    });
    expect(await resendOutbox(admin, { id: "abc" })).toMatchObject({ ok: false });
    await getDb().update(outbox).set({ status: "sending" }).where(eq(outbox.id, id));
    expect(await resendOutbox(admin, { id: String(id) })).toMatchObject({
      ok: false,
      error: { code: "conflict", message: expect.stringContaining("being sent right now") },
    });
    expect(await row(id)).toMatchObject({ status: "sending" });
  });
});
