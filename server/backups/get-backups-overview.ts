import { desc, eq } from "drizzle-orm";
import { backupStale, nextScheduledStart, rotationInWords } from "@domain/backups/backup-schedule";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { env } from "../env";
import { getSettings } from "../settings/get-settings";
import { backups } from "./schema";
import { offsiteTarget } from "./offsite-copy";
import { backupFolder, backupLeaseMs } from "./run-backup";

/** Where the off-site copies go, as the page names it (never the keys), or null without one. */
function offsiteInWords(): string | null {
  const target = offsiteTarget();
  if (!target) return null;
  const host = target.endpoint ? new URL(target.endpoint).host : `AWS S3 (${target.region})`;
  return `the bucket ${target.bucket}${target.prefix ? `, folder ${target.prefix}` : ""}, at ${host}`;
}

/** How many past backups the page lists. */
const HISTORY = 30;

export type TBackupRow = Awaited<ReturnType<typeof listBackups>>[number];

async function listBackups(limit: number, id?: number) {
  return getDb()
    .select({
      id: backups.id,
      status: backups.status,
      trigger: backups.trigger,
      requestedBy: users.name,
      startedAt: backups.startedAt,
      heartbeatAt: backups.heartbeatAt,
      finishedAt: backups.finishedAt,
      progress: backups.progress,
      fileName: backups.fileName,
      bytes: backups.bytes,
      durationMs: backups.durationMs,
      encrypted: backups.encrypted,
      error: backups.error,
      offsiteKey: backups.offsiteKey,
      offsiteError: backups.offsiteError,
      removedAt: backups.removedAt,
    })
    .from(backups)
    .leftJoin(users, eq(users.id, backups.requestedBy))
    .where(id === undefined ? undefined : eq(backups.id, id))
    .orderBy(desc(backups.startedAt), desc(backups.id))
    .limit(limit);
}

/** A running backup that stopped saying it is alive is shown as cut off, before the next check records it so. */
const cutOff = (b: { status: string; heartbeatAt: Date }, now: Date) =>
  b.status === "running" && now.getTime() - b.heartbeatAt.getTime() > backupLeaseMs();

/** The admin's backups page: the last good one, the one running, what is kept, what failed and why, and when the next is. */
export async function getBackupsOverview(now = new Date()) {
  const [rows, settings] = await Promise.all([listBackups(HISTORY), getSettings()]);
  const lastGood = rows.find((b) => b.status === "succeeded") ?? null;
  const running = rows.find((b) => b.status === "running" && !cutOff(b, now)) ?? null;
  return {
    lastGood,
    running,
    stale: !!lastGood?.finishedAt && backupStale(now, lastGood.finishedAt, lastGood.finishedAt),
    kept: rows.filter((b) => b.status === "succeeded" && !b.removedAt),
    failures: rows.filter((b) => b.status === "failed" || cutOff(b, now) || b.offsiteError).slice(0, 10),
    nextAt: nextScheduledStart(now, settings.backupHourLagos),
    hourLagos: settings.backupHourLagos,
    rotation: rotationInWords(),
    encrypted: !!env.BACKUP_KEY,
    folder: backupFolder(),
    offsite: offsiteInWords(),
  };
}

/** One backup's progress, polled by the page while it runs. */
export async function getBackupProgress(id: number, now = new Date()) {
  const [row] = await listBackups(1, id);
  if (!row) return null;
  const ended = cutOff(row, now);
  return {
    status: ended ? ("failed" as const) : (row.status as "running" | "succeeded" | "failed"),
    progress: row.progress,
    error: ended ? "The server stopped while this backup was being made." : row.error,
  };
}
