import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZNewsletterSubscribe } from "@domain/content/content-input";
import { useTestDatabase } from "../../../tests/support/test-database";
import { getDb } from "../../db/client";
import { outbox } from "../../messaging/schema";
import { newsletterSubscribers } from "../schema";
import { confirmSubscription, isConfirmTokenValid } from "./confirm-subscription";
import { subscribeToNewsletter } from "./subscribe-to-newsletter";
import { unsubscribeFromNewsletter } from "./unsubscribe-from-newsletter";

useTestDatabase();

let n = 0;
const ip = () => `10.20.0.${n++}`;
const subscriber = async (email: string) =>
  (
    await getDb()
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
  )[0];
const mailTo = (email: string) => getDb().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
const linkToken = (text: string, path: string) => {
  const m = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in ${text}`);
  return m[1]!;
};

describe("newsletter double opt-in", () => {
  it("keeps a new address pending until the e-mailed link is used, then sends a welcome with an unsubscribe link", async () => {
    const email = "amaka.eze@example.ng";
    expect(await subscribeToNewsletter({ email, interests: ["general"], ip: ip() })).toEqual({ ok: true });
    expect((await subscriber(email))!.status).toBe("pending");
    const [confirmMail] = await mailTo(email);
    expect(confirmMail!.subject).toBe("Confirm your Zavolah newsletter subscription");
    const token = linkToken(confirmMail!.text, "/newsletter/confirm");
    // The raw token is never stored.
    expect(JSON.stringify(await subscriber(email))).not.toContain(token);
    expect(await isConfirmTokenValid(token)).toBe(true);

    expect(await confirmSubscription(token)).toEqual({ ok: true, email });
    const row = (await subscriber(email))!;
    expect(row.status).toBe("active");
    expect(row.preferences).toEqual(["general"]);
    expect(row.confirmedAt).toBeInstanceOf(Date);
    // The link works once.
    expect(await confirmSubscription(token)).toEqual({ ok: false });

    const welcome = (await mailTo(email))[1]!;
    expect(welcome.html).toContain("Unsubscribe</a>");
    // Marketing mail: it goes out with the one-click unsubscribe headers (server/messaging/deliver-outbox.ts).
    expect(welcome.marketing).toBe(true);
    const unsub = linkToken(welcome.text, "/newsletter/unsubscribe");
    expect(await unsubscribeFromNewsletter(unsub)).toEqual({ ok: true, email });
    expect((await subscriber(email))!.status).toBe("unsubscribed");
    // Repeating the click is harmless.
    expect(await unsubscribeFromNewsletter(unsub)).toEqual({ ok: true, email });
  });

  it("answers the same for an active subscriber and sends them nothing", async () => {
    const email = "tunde.bakare@example.ng";
    await subscribeToNewsletter({ email, interests: ["offers"], ip: ip() });
    await confirmSubscription(linkToken((await mailTo(email))[0]!.text, "/newsletter/confirm"));
    const before = (await mailTo(email)).length;
    expect(await subscribeToNewsletter({ email: "tunde.bakare@example.ng", interests: ["general"], ip: ip() })).toEqual({ ok: true });
    expect(await mailTo(email)).toHaveLength(before);
    expect((await subscriber(email))!.preferences).toEqual(["offers"]);
  });

  it("lets someone who left subscribe again, through a new confirmation", async () => {
    const email = "halima.musa@example.ng";
    await subscribeToNewsletter({ email, interests: ["general"], ip: ip() });
    const first = (await mailTo(email))[0]!;
    await confirmSubscription(linkToken(first.text, "/newsletter/confirm"));
    await unsubscribeFromNewsletter(linkToken((await mailTo(email))[1]!.text, "/newsletter/unsubscribe"));
    await subscribeToNewsletter({ email, interests: ["updates"], ip: ip() });
    expect((await subscriber(email))!.status).toBe("pending");
    const again = (await mailTo(email)).at(-1)!;
    expect(again.subject).toBe("Confirm your Zavolah newsletter subscription");
    expect(await confirmSubscription(linkToken(again.text, "/newsletter/confirm"))).toEqual({ ok: true, email });
  });

  it("refuses invalid addresses with the Invalid Email message and unknown tokens", async () => {
    for (const bad of ["", "no-at-sign", "a@", "@b.ng", `${"x".repeat(250)}@ab.ng`]) {
      const parsed = ZNewsletterSubscribe.safeParse({ email: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe("Please enter a valid email address");
    }
    expect(await confirmSubscription("not-a-token")).toEqual({ ok: false });
    expect(await unsubscribeFromNewsletter("not-a-token")).toEqual({ ok: false });
  });

  it("limits repeated requests for one address", async () => {
    const email = "spam.target@example.ng";
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await subscribeToNewsletter({ email, interests: ["general"], ip: ip() }));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results[6]).toMatchObject({ ok: false, error: { code: "rate_limited", message: expect.stringContaining("Too many attempts") } });
    // Each accepted request replaced the pending token; only the limit's worth of e-mails went out.
    expect(await mailTo(email)).toHaveLength(5);
  });
});

describe("newsletter under concurrency", () => {
  it("two sign-ups for one new address at once both succeed and leave one row", async () => {
    const email = "twice.at.once@example.ng";
    const results = await Promise.all([0, 1].map(() => subscribeToNewsletter({ email, interests: ["general"], ip: ip() })));
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(1);
  });
});
