import { eq, inArray, max, min, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { backups } from "../backups/schema";
import { scheduledJobs } from "../jobs/schema";
import { outbox } from "../messaging/schema";
import { marketplacePayouts } from "../marketplace/schema";
import { referralCommissions, referralPayouts } from "../referrals/schema";

// Figures the database holds, read when Prometheus scrapes (server/metrics/registry.ts): small, indexed reads (the
// unsent part of the outbox, one row per job, the newest good backup), never a count over a table that only grows.
// Every instance reports the same values; alert rules take max() over them.

export type TDatabaseFigures = {
  outbox: { status: "queued" | "sending" | "failed"; count: number }[];
  /** Seconds the oldest message waiting to go has waited; 0 when none waits. */
  oldestUnsentSeconds: number;
  jobs: { name: string; periodSeconds: number; lastFinishedAt: Date | null; failed: boolean; overdueSeconds: number }[];
  lastBackupAt: Date | null;
  /** Sellers' and referrers' payout requests not yet settled (the admins' queue and transfers on their way). */
  payoutsWaiting: { payee: "seller" | "referrer"; status: "requested" | "sending"; count: number; kobo: number }[];
  /** Referral commissions held until their order can no longer be returned. */
  commissionsPending: { count: number; kobo: number };
};

export async function readDatabaseFigures(now: Date): Promise<TDatabaseFigures> {
  const db = getDb();
  const unsent = ["queued", "sending", "failed"] as const;
  const waiting = ["requested", "sending"] as const;
  const [counts, [oldest], jobs, [backup], sellerPayouts, referrerPayouts, [pending]] = await Promise.all([
    db
      .select({ status: outbox.status, count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(inArray(outbox.status, [...unsent]))
      .groupBy(outbox.status),
    db
      .select({ createdAt: min(outbox.createdAt) })
      .from(outbox)
      .where(inArray(outbox.status, ["queued", "sending"])),
    db.select().from(scheduledJobs),
    db
      .select({ at: max(backups.finishedAt) })
      .from(backups)
      .where(eq(backups.status, "succeeded")),
    db
      .select({
        status: marketplacePayouts.status,
        count: sql<number>`count(*)::int`,
        kobo: sql<number>`coalesce(sum(${marketplacePayouts.amountKobo}), 0)::bigint`,
      })
      .from(marketplacePayouts)
      .where(inArray(marketplacePayouts.status, [...waiting]))
      .groupBy(marketplacePayouts.status),
    db
      .select({
        status: referralPayouts.status,
        count: sql<number>`count(*)::int`,
        kobo: sql<number>`coalesce(sum(${referralPayouts.amountKobo}), 0)::bigint`,
      })
      .from(referralPayouts)
      .where(inArray(referralPayouts.status, [...waiting]))
      .groupBy(referralPayouts.status),
    db
      .select({ count: sql<number>`count(*)::int`, kobo: sql<number>`coalesce(sum(${referralCommissions.amountKobo}), 0)::bigint` })
      .from(referralCommissions)
      .where(eq(referralCommissions.status, "pending")),
  ]);
  const payoutFigures = (payee: "seller" | "referrer", rows: { status: string; count: number; kobo: number }[]) =>
    waiting.map((status) => {
      const row = rows.find((r) => r.status === status);
      return { payee, status, count: row?.count ?? 0, kobo: Number(row?.kobo ?? 0) };
    });
  const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));
  return {
    outbox: unsent.map((status) => ({ status, count: counts.find((c) => c.status === status)?.count ?? 0 })),
    oldestUnsentSeconds: oldest?.createdAt ? seconds(now.getTime() - new Date(oldest.createdAt).getTime()) : 0,
    jobs: jobs.map((j) => ({
      name: j.name,
      periodSeconds: j.periodSeconds,
      lastFinishedAt: j.lastFinishedAt,
      failed: j.lastError !== null,
      overdueSeconds: j.leasedUntil && j.leasedUntil > now ? 0 : seconds(now.getTime() - j.nextRunAt.getTime()),
    })),
    lastBackupAt: backup?.at ? new Date(backup.at) : null,
    payoutsWaiting: [...payoutFigures("seller", sellerPayouts), ...payoutFigures("referrer", referrerPayouts)],
    commissionsPending: { count: pending?.count ?? 0, kobo: Number(pending?.kobo ?? 0) },
  };
}
