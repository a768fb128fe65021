import { desc } from "drizzle-orm";
import { backupDue, backupStale } from "@domain/backups/backup-schedule";
import { getDb } from "../db/client";
import type { TJob } from "../jobs/scheduler";
import { getSettings } from "../settings/get-settings";
import { backups } from "./schema";
import { endCutOffBackups, lastGoodBackupAt, raiseStaleBackupAlert, runBackup, startBackup } from "./run-backup";

/**
 * The daily backup (docs/operations.md#backups): looked at every quarter of an hour on whichever instance claims the
 * job, it backs up once the day's hour (Lagos time, a setting) has come, and tells the admins when the last good
 * backup is older than 26 hours. It remembers when it first ran, so a new site's first backup is that night's.
 */
export const dailyBackupJob: TJob = {
  name: "daily-backup",
  label: "Daily backup",
  description:
    "Backs up the database and the uploaded files once a day at the hour set in the settings, and keeps them on the rotation shown on the backups page.",
  periodSeconds: 900,
  async run({ state, startedAt }) {
    const watchingSince = typeof state.watchingSince === "string" ? new Date(state.watchingSince) : startedAt;
    await endCutOffBackups(startedAt);
    const { backupHourLagos } = await getSettings();
    const [last] = await getDb().select({ startedAt: backups.startedAt }).from(backups).orderBy(desc(backups.startedAt)).limit(1);
    if (backupDue(startedAt, backupHourLagos, last?.startedAt ?? null, watchingSince)) {
      const claimed = await startBackup("schedule", null);
      if (claimed.ok) await runBackup(claimed.id);
    }
    const lastGood = await lastGoodBackupAt();
    if (backupStale(startedAt, lastGood, watchingSince)) await raiseStaleBackupAlert(lastGood);
    return { watchingSince: watchingSince.toISOString() };
  },
};
