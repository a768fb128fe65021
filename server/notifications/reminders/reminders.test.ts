import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { users } from "../../auth/schema";
import { blogPosts } from "../../content/schema";
import { getDb } from "../../db/client";
import { outbox } from "../../messaging/schema";
import { subscriptions } from "../../subscriptions/schema";
import { updatePreferences } from "../update-preferences";
import { notifications, reminderLog } from "../schema";
import { publishPost } from "../../content/blog/publish-post";
import { scheduledJobs } from "../../jobs/schema";
import { seedDemoSubscription } from "../../subscriptions/seed-demo-subscription";
import { BLOG_POST_REMINDERS, blogPostReminders } from "./blog-post-reminders";
import { subscriptionRenewalReminders } from "./subscription-renewal-reminders";

useTestDatabase();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const signal = new AbortController().signal;
const notesOf = (userId: string, type: string) =>
  getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as never)));
const mailsTo = (email: string, kind: string) =>
  getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)));

async function post(title: string, publishedAt: Date | null, status = "published") {
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 6)}`;
  const [row] = await getDb()
    .insert(blogPosts)
    .values({ slug, title, excerpt: "Excerpt", content: "Body", author: "Zavolah Team", status, publishedAt })
    .returning();
  return row!;
}

describe("blog post reminders", () => {
  it("announce new posts once to every user, e-mail only where e-mail is on, however often and concurrently they run", async () => {
    const now = new Date();
    const reader = await makeUser("customer", "Ngozi Okafor");
    const quiet = await makeUser("customer", "Segun Ade");
    const off = await makeUser("staff", "Bola Lawal");
    await updatePreferences(quiet.id, { email: false });
    await updatePreferences(off.id, { blogUpdates: false });
    // They joined yesterday; a newcomer who joined after the post came out is not told it is new.
    await getDb()
      .update(users)
      .set({ createdAt: new Date(now.getTime() - DAY) })
      .where(inArray(users.id, [reader.id, quiet.id, off.id]));
    const newcomer = await makeUser("customer", "Ifeoma Nnaji");
    const old = await post("Archive piece on inverters", new Date(now.getTime() - 30 * DAY));
    const fresh = await post("Lithium batteries in Lagos heat", new Date(now.getTime() - 20 * 60_000));
    await post("A draft nobody sees", null, "draft");

    // First run (no mark): looks back one hour, so the fresh post goes out and the archive does not.
    const state = await blogPostReminders.run({ state: {}, startedAt: now, signal });
    expect(state).toEqual({ lastBlogCheck: now.toISOString() });
    await Promise.all([
      blogPostReminders.run({ state: {}, startedAt: now, signal }),
      blogPostReminders.run({ state: state!, startedAt: new Date(now.getTime() + 1000), signal }),
    ]);

    const notes = await notesOf(reader.id, "blog_post");
    expect(notes.map((n) => [n.title, n.message, n.link, n.priority])).toEqual([
      ["New on the Zavolah blog", `New blog post: ${fresh.title}`, `/blog/${fresh.slug}`, "medium"],
    ]);
    expect(await mailsTo(reader.email, "notification:blog_post")).toHaveLength(1);
    // E-mail off: in-app only. Blog updates off: nothing at all.
    expect(await notesOf(quiet.id, "blog_post")).toHaveLength(1);
    expect(await mailsTo(quiet.email, "notification:blog_post")).toHaveLength(0);
    expect(await notesOf(off.id, "blog_post")).toHaveLength(0);
    expect(await notesOf(newcomer.id, "blog_post")).toHaveLength(0);
    expect((await mailsTo(reader.email, "notification:blog_post"))[0]!.subject).toBe(`New on the Zavolah blog: ${fresh.title}`);
    expect(
      await getDb()
        .select()
        .from(reminderLog)
        .where(eq(reminderLog.itemKey, String(old.id))),
    ).toHaveLength(0);
  });

  it("publishing a post makes the reminder job due at once instead of at its next hourly run", async () => {
    const editor = await makeUser("staff", "Editor");
    await getDb()
      .insert(scheduledJobs)
      .values({ name: BLOG_POST_REMINDERS, periodSeconds: 3600, nextRunAt: new Date(Date.now() + HOUR) });
    const draft = await post("Net metering explained", null, "draft");
    expect(await publishPost(editor.id, draft.id)).toMatchObject({ ok: true, changed: true });
    const [job] = await getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, BLOG_POST_REMINDERS));
    expect(job!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("takes up to 10 posts newer than the last check", async () => {
    const reader = await makeUser("customer", "Kemi Adeyemi");
    const mark = new Date(Date.now() + 60_000); // later than the other tests' posts
    const posts = [];
    for (let i = 0; i < 12; i++) posts.push(await post(`Guide number ${i}`, new Date(mark.getTime() + (i + 1) * 60_000)));
    await blogPostReminders.run({ state: { lastBlogCheck: mark.toISOString() }, startedAt: new Date(), signal });
    const notes = await notesOf(reader.id, "blog_post");
    expect(notes).toHaveLength(10);
    // The newest ten.
    expect(notes.map((n) => n.message).sort()).toEqual(
      posts
        .slice(2)
        .map((p) => `New blog post: ${p.title}`)
        .sort(),
    );
  });
});

describe("subscription renewal reminders", () => {
  it("remind active plans ending within 7 days once, priority high, with the plan and its Lagos date", async () => {
    const now = new Date("2026-11-23T09:00:00Z");
    const customer = await makeUser("customer", "Chidinma Eze");
    const other = await makeUser("customer", "Ifeanyi Nwosu");
    const [due] = await getDb()
      .insert(subscriptions)
      .values({ userId: customer.id, planName: "ZavCharge Monthly", priceKobo: 1_500_000, expiresAt: new Date("2026-11-28T09:00:00Z") })
      .returning();
    await getDb()
      .insert(subscriptions)
      .values([
        { userId: other.id, planName: "ZavCharge Monthly", priceKobo: 1_500_000, expiresAt: new Date(now.getTime() + 10 * DAY) },
        {
          userId: other.id,
          planName: "ZavCharge Weekly",
          priceKobo: 500_000,
          expiresAt: new Date(now.getTime() + 2 * DAY),
          status: "cancelled",
        },
        { userId: other.id, planName: "ZavCharge Daily", priceKobo: 100_000, expiresAt: new Date(now.getTime() - HOUR) },
      ]);

    await Promise.all([
      subscriptionRenewalReminders.run({ state: {}, startedAt: now, signal }),
      subscriptionRenewalReminders.run({ state: {}, startedAt: now, signal }),
    ]);
    await subscriptionRenewalReminders.run({ state: {}, startedAt: new Date(now.getTime() + DAY), signal });

    const notes = await notesOf(customer.id, "subscription_renewal");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ priority: "high", title: "Subscription renewal", link: "/zavcharge/renew" });
    expect(notes[0]!.message).toBe("Your plan ends on 28 November 2026, in 5 days. Renew to keep charging: ZavCharge Monthly (₦15,000.00)");
    expect(await mailsTo(customer.email, "notification:subscription_renewal")).toHaveLength(1);
    expect(await notesOf(other.id, "subscription_renewal")).toHaveLength(0);

    // Renewed to a new end date: reminded again before that one.
    await getDb()
      .update(subscriptions)
      .set({ expiresAt: new Date("2026-12-28T09:00:00Z") })
      .where(eq(subscriptions.id, due!.id));
    await subscriptionRenewalReminders.run({ state: {}, startedAt: new Date("2026-12-22T09:00:00Z"), signal });
    expect(await notesOf(customer.id, "subscription_renewal")).toHaveLength(2);
  });

  it("the demo seed gives the demo customer a plan ending in 5 days, once", async () => {
    const customer = await makeUser("customer", "Demo Customer");
    await seedDemoSubscription(customer.email);
    await seedDemoSubscription(customer.email);
    const plans = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    expect(plans.map((p) => [p.planName, p.priceKobo, p.status, Math.round((p.expiresAt.getTime() - Date.now()) / DAY)])).toEqual([
      ["ZavCharge Monthly", 1_500_000, "active", 5],
    ]);
  });

  it("with e-mail off, the renewal arrives in-app only", async () => {
    const now = new Date();
    const customer = await makeUser("customer", "Tope Alabi");
    await updatePreferences(customer.id, { email: false });
    await getDb()
      .insert(subscriptions)
      .values({ userId: customer.id, planName: "ZavCharge Monthly", priceKobo: 1_500_000, expiresAt: new Date(now.getTime() + 3 * DAY) });
    await subscriptionRenewalReminders.run({ state: {}, startedAt: now, signal });
    expect(await notesOf(customer.id, "subscription_renewal")).toHaveLength(1);
    expect(
      await getDb()
        .select()
        .from(outbox)
        .where(inArray(outbox.recipient, [customer.email])),
    ).toHaveLength(0);
  });
});
