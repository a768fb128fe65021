import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { newsletterSubscribers } from "../content/schema";
import { hashToken, unsubscribeTokenFor } from "../content/newsletter/newsletter-tokens";
import { unsubscribeFromNewsletter } from "../content/newsletter/unsubscribe-from-newsletter";
import { getDb } from "../db/client";
import { enqueueEmail } from "../messaging/enqueue-email";
import { outbox } from "../messaging/schema";
import { updatePreferences } from "../notifications/update-preferences";
import { campaignEmail } from "../messaging/campaign-emails";
import { parseRecipientList, ZCampaignInput } from "./campaign-input";
import { parseThen } from "@domain/errors/app-error";
import type { TViewer } from "@domain/access/roles";
import { getCampaignProgress } from "./campaign-progress";
import { getCampaign } from "./get-campaign";
import { createCampaign as startCampaign, NO_CONSENT } from "./create-campaign";
import { campaignRecipients, campaigns } from "./schema";
import { sendPendingCampaigns } from "./send-campaigns";

useTestDatabase();

// The compose form, through the same schema and use case as the new-campaign page's action.
const createCampaign = (staff: TViewer, fields: Record<string, string>) =>
  parseThen(ZCampaignInput, fields, Object.keys(ZCampaignInput.shape), (input) => startCampaign(staff, input));

const compose = (over: Record<string, string> = {}) => ({
  senderName: "Zavolah Deals",
  senderEmail: "news@zavolah.ng",
  subject: "Harmattan solar sale",
  html: "<h1>20% off panels</h1><p>Until Friday.</p>",
  logoUrl: "",
  audience: "list",
  recipients: "",
  ...over,
});
const addresses = (n: number, prefix = "buyer") => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.ng`);
const recordsOf = (id: number) =>
  getDb().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id)).orderBy(campaignRecipients.id);
async function subscriber(email: string, status: "active" | "pending" | "unsubscribed", unsubscribedAt: Date | null = null) {
  await getDb()
    .insert(newsletterSubscribers)
    .values({ email, status, unsubscribedAt, unsubscribeTokenHash: hashToken(unsubscribeTokenFor(email)) });
}

describe("recipient lists", () => {
  it("take pasted lines, CSV rows and named addresses; drop duplicates; count bad ones as invalid", () => {
    const list = parseRecipientList(
      'email,name\nada@example.ng,Ada Obi\n"Bayo Ade" <BAYO@example.ng>\nada@example.ng\nnot-an-address\nc@x.ng d@y.ng; e@z.ng\nbad@\n',
    );
    expect(list.valid).toEqual([
      { email: "ada@example.ng", name: "Ada Obi" },
      { email: "bayo@example.ng", name: "Bayo Ade" },
      { email: "c@x.ng", name: null },
      { email: "d@y.ng", name: null },
      { email: "e@z.ng", name: null },
    ]);
    expect(list.invalid).toEqual(["not-an-address", "bad@"]);
    expect(list.duplicates).toBe(1);
  });
});

describe("campaigns", () => {
  it("refuse a sender outside the site's mail domain and a script logo", async () => {
    const staff = await makeUser("staff");
    const result = await createCampaign(
      staff,
      compose({ senderEmail: "promo@gmail.com", logoUrl: "javascript:alert(1)", recipients: "a@example.ng" }),
    );
    expect(result).toMatchObject({ ok: false, error: { fieldErrors: { logoUrl: expect.stringContaining("https://") } } });
    const domain = await createCampaign(staff, compose({ senderEmail: "promo@gmail.com", recipients: "a@example.ng" }));
    expect(domain).toMatchObject({ ok: false, error: { field: "senderEmail", message: expect.stringContaining("zavolah.ng") } });
  });

  it("send an attested list of 120 in batches of 50, 50 and 20 with a pause between, each with its own unsubscribe link", async () => {
    const staff = await makeUser("staff");
    const list = addresses(120);
    const created = await createCampaign(staff, compose({ recipients: [...list, "oops-no-at", list[0]!].join("\n"), attest: "on" }));
    if (!created.ok) throw created.error;
    const pauses: number[] = [];
    const batchSizes: number[] = [];
    const counting: typeof enqueueEmail = async (...args) => {
      batchSizes[pauses.length] = (batchSizes[pauses.length] ?? 0) + 1;
      return enqueueEmail(...args);
    };
    expect(await sendPendingCampaigns({ pauseMs: 1000, sleep: async (ms) => void pauses.push(ms), enqueue: counting })).toBe(3);
    expect(batchSizes).toEqual([50, 50, 20]);
    expect(pauses).toEqual([1000, 1000]);

    const records = await recordsOf(created.id);
    expect(records.filter((r) => r.status === "queued")).toHaveLength(120);
    expect(records.find((r) => r.email === "oops-no-at")).toMatchObject({ status: "skipped", skipReason: "Invalid email format" });
    expect(records[0]).toMatchObject({
      source: "import",
      tags: expect.arrayContaining(["campaign", "prospect", "consent-attested-by-staff"]),
    });
    // Imported as active subscribers, so their unsubscribe links work.
    const [sub] = await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, list[5]!));
    expect(sub).toMatchObject({ status: "active", source: "import" });

    const [mail] = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, list[5]!), eq(outbox.kind, "campaign")));
    expect(mail).toMatchObject({
      subject: "Harmattan solar sale",
      fromEmail: "news@zavolah.ng",
      fromName: "Zavolah Deals",
      marketing: true,
      status: "queued",
    });
    const token = /unsubscribe\?token=([\w-]+)/.exec(mail!.text)![1]!;
    expect(await unsubscribeFromNewsletter(token)).toEqual({ ok: true, email: list[5] });

    const progress = await getCampaignProgress(created.id);
    expect(progress).toMatchObject({ status: "done", total: 121, queued: 120, sent: 0, failed: 1, skipped: 0, complete: false });
    await getDb().update(outbox).set({ status: "sent" }).where(eq(outbox.kind, "campaign"));
    expect(await getCampaignProgress(created.id)).toMatchObject({ sent: 120, failed: 1, percent: 100, complete: true });
  });

  it("without the attestation, send only to subscribers and users who allow marketing; skip who unsubscribed", async () => {
    const staff = await makeUser("staff");
    const fan = await makeUser("customer", "Marketing Fan");
    await updatePreferences(fan.id, { marketingEmails: true });
    const plain = await makeUser("customer", "Default Prefs");
    await subscriber("sub@example.ng", "active");
    await subscriber("gone@example.ng", "unsubscribed", new Date("2026-11-02T10:00:00Z"));
    await subscriber("half@example.ng", "pending");
    const created = await createCampaign(
      staff,
      compose({
        recipients: ["sub@example.ng", "gone@example.ng", "half@example.ng", "stranger@example.ng", fan.email, plain.email].join("\n"),
      }),
    );
    if (!created.ok) throw created.error;
    const byEmail = Object.fromEntries((await recordsOf(created.id)).map((r) => [r.email, [r.status, r.source, r.skipReason]]));
    expect(byEmail).toEqual({
      "sub@example.ng": ["pending", "subscriber", null],
      "gone@example.ng": ["skipped", "list", "Unsubscribed on 2 Nov 2026"],
      "half@example.ng": ["skipped", "list", NO_CONSENT],
      "stranger@example.ng": ["skipped", "list", NO_CONSENT],
      [fan.email]: ["pending", "account", null],
      [plain.email]: ["skipped", "list", NO_CONSENT],
    });
    // The attestation never brings back someone who unsubscribed.
    const attested = await createCampaign(staff, compose({ recipients: "gone@example.ng\nnew@example.ng", attest: "on" }));
    if (!attested.ok) throw new Error("not created");
    expect((await recordsOf(attested.id)).map((r) => [r.email, r.status])).toEqual([
      ["gone@example.ng", "skipped"],
      ["new@example.ng", "pending"],
    ]);
  });

  it("'All subscribers' reaches active subscribers and users with marketing on", async () => {
    const staff = await makeUser("staff");
    await getDb().delete(newsletterSubscribers);
    await subscriber("one@example.ng", "active");
    await subscriber("two@example.ng", "unsubscribed", new Date());
    const fan = await makeUser("customer", "Another Fan");
    await updatePreferences(fan.id, { marketingEmails: true });
    const created = await createCampaign(staff, compose({ audience: "subscribers" }));
    if (!created.ok) throw created.error;
    const records = await recordsOf(created.id);
    expect(
      records
        .filter((r) => r.status === "pending")
        .map((r) => r.email)
        .sort(),
    ).toEqual(expect.arrayContaining(["one@example.ng", fan.email]));
    expect(records.map((r) => r.email)).not.toContain("two@example.ng");
  });

  it("a batch that throws is recorded as 'Batch error: ...' and its recipients count as failed", async () => {
    const staff = await makeUser("staff");
    await getDb().update(campaigns).set({ status: "done" }); // earlier tests' campaigns are not part of this one
    const created = await createCampaign(staff, compose({ recipients: addresses(120, "batch").join("\n"), attest: "on" }));
    if (!created.ok) throw new Error("not created");
    let calls = 0;
    const flaky: typeof enqueueEmail = async (...args) => {
      if (++calls === 60) throw new Error("outbox unavailable");
      return enqueueEmail(...args);
    };
    const log = watchLog();
    await sendPendingCampaigns({ pauseMs: 0, enqueue: flaky });
    log.expectLogged("campaign batch failed", { level: "error", campaignId: created.id, recipients: 50 });
    const progress = (await getCampaignProgress(created.id))!;
    expect(progress.errors).toEqual(["Batch error: outbox unavailable"]);
    expect(progress).toMatchObject({ status: "done", failed: 50, queued: 70 });
    const page = await getCampaign(created.id, 3); // records 51-75: the second batch
    expect(page!.records.some((r) => r.skipReason === "Batch error: outbox unavailable")).toBe(true);
  });

  it("the e-mail keeps the staff's formatting but not their scripts", () => {
    const email = campaignEmail(
      {
        subject: "Hi",
        html: `<p onclick="x()">Hello <b>Lagos</b></p><script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">bad</a><img src="https://cdn.example.ng/a.png" onerror="x()">`,
        logoUrl: "/favicon.svg",
        unsubscribeUrl: "https://zavolah.ng/newsletter/unsubscribe?token=t",
      },
      "https://zavolah.ng",
    );
    expect(email.html).toContain("<p>Hello <b>Lagos</b></p>");
    expect(email.html).not.toMatch(/script|onclick|onerror|javascript:|<style>p/);
    expect(email.html).toContain('src="https://zavolah.ng/favicon.svg"');
    expect(email.html).toContain("https://zavolah.ng/privacy-policy");
    expect(email.text).toContain("Hello Lagos");
    expect(email.text).toContain("https://zavolah.ng/newsletter/unsubscribe?token=t");
  });
});
