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

const WAITING_PAYOUT = ["requested", "sending"] as const;

/** A payee's payout requests not yet settled, by status: how many, and their sum in kobo. */
function waitingPayouts(table: typeof marketplacePayouts | typeof referralPayouts) {
  return getDb()
    .select({ status: table.status, count: sql<number>`count(*)::int`, kobo: sql<number>`coalesce(sum(${table.amountKobo}), 0)::bigint` })
    .from(table)
    .where(inArray(table.status, [...WAITING_PAYOUT]))
    .groupBy(table.status);
}

export async function readDatabaseFigures(now: Date): Promise<TDatabaseFigures> {
  const db = getDb();
  const unsent = ["queued", "sending", "failed"] as const;
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
    waitingPayouts(marketplacePayouts),
    waitingPayouts(referralPayouts),
    db
      .select({ count: sql<number>`count(*)::int`, kobo: sql<number>`coalesce(sum(${referralCommissions.amountKobo}), 0)::bigint` })
      .from(referralCommissions)
      .where(eq(referralCommissions.status, "pending")),
  ]);
  const payoutFigures = (payee: "seller" | "referrer", rows: { status: string; count: number; kobo: number }[]) =>
    WAITING_PAYOUT.map((status) => {
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
