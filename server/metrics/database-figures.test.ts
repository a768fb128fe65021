import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { backups } from "../backups/schema";
import { getDb, getDbHandle } from "../db/client";
import { scheduledJobs } from "../jobs/schema";
import { enqueueSms } from "../messaging/enqueue-sms";
import { outbox } from "../messaging/schema";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { readDatabaseFigures } from "./database-figures";
import { metricValue } from "../../tests/support/metrics";
import { metricsRegistry, setDatabaseFigures } from "./registry";

useTestDatabase();

const line = (text: string, name: string) => text.split("\n").find((l) => l.startsWith(name + " ") || l.startsWith(name + "{"));

describe("the figures a scrape reads from the database", () => {
  it("counts the messages waiting and how long the oldest has waited, each job's last run and the newest backup", async () => {
    const db = getDb();
    const now = new Date("2026-12-03T10:00:00Z");
    const first = await enqueueSms(db, "test", "+2348031234567", "Your order is on its way");
    await enqueueSms(db, "test", "+2348031234568", "Your order has arrived");
    await db
      .update(outbox)
      .set({ createdAt: new Date("2026-12-03T09:55:00Z") })
      .where(eq(outbox.id, first));
    await db.insert(scheduledJobs).values([
      {
        name: "cart-reminders",
        periodSeconds: 900,
        nextRunAt: new Date("2026-12-03T09:30:00Z"),
        lastFinishedAt: new Date("2026-12-03T09:15:00Z"),
      },
      { name: "prune-sessions", periodSeconds: 86400, nextRunAt: new Date("2026-12-04T00:00:00Z"), lastError: "database busy" },
    ]);
    await db.insert(backups).values({ status: "succeeded", trigger: "schedule", finishedAt: new Date("2026-12-03T02:00:00Z") });
    await db.insert(backups).values({ status: "failed", trigger: "schedule", finishedAt: new Date("2026-12-03T03:00:00Z") });

    setDatabaseFigures(await readDatabaseFigures(now));
    const text = await metricsRegistry().metrics();
    expect(line(text, 'outbox_messages{status="queued"}')).toBe('outbox_messages{status="queued"} 2');
    expect(line(text, 'outbox_messages{status="failed"}')).toBe('outbox_messages{status="failed"} 0');
    expect(line(text, "outbox_oldest_unsent_age_seconds")).toBe("outbox_oldest_unsent_age_seconds 300");
    expect(line(text, 'job_overdue_seconds{job="cart-reminders"}')).toBe('job_overdue_seconds{job="cart-reminders"} 1800');
    expect(line(text, 'job_overdue_seconds{job="prune-sessions"}')).toBe('job_overdue_seconds{job="prune-sessions"} 0');
    expect(line(text, 'job_last_finished_timestamp_seconds{job="cart-reminders"}')).toBe(
      `job_last_finished_timestamp_seconds{job="cart-reminders"} ${Date.parse("2026-12-03T09:15:00Z") / 1000}`,
    );
    expect(line(text, 'job_last_run_failed{job="prune-sessions"}')).toBe('job_last_run_failed{job="prune-sessions"} 1');
    expect(line(text, "backup_last_success_timestamp_seconds")).toBe(
      `backup_last_success_timestamp_seconds ${Date.parse("2026-12-03T02:00:00Z") / 1000}`,
    );
  });

  it("times every statement, in a transaction too", async () => {
    const statements = () => metricValue(`db_statement_duration_seconds_count{database="${getDbHandle().kind}"}`);
    const before = await statements();
    await getDb().select().from(outbox).limit(1);
    await getDb().transaction(async (tx) => {
      await tx.select().from(outbox).limit(1);
      await tx.select().from(scheduledJobs).limit(1);
    });
    // The two selects and one inside, at least (a transaction adds its begin and commit).
    expect((await statements()) - before).toBeGreaterThanOrEqual(3);
  });

  it("a webhook with a bad signature is counted as refused, under its provider", async () => {
    const refused = 'payment_webhooks_total{provider="paystack",result="refused"}';
    const before = await metricValue(refused);
    const result = await handlePaymentWebhook("paystack", '{"event":"charge.success"}', new Headers({ "x-paystack-signature": "forged" }));
    expect(result.status).toBe(401);
    // The registry is the process's: other test files in this worker count too, so the test reads the change.
    expect(await metricValue(refused)).toBe(before + 1);
  });
});
