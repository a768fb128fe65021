import { existsSync, readdirSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import { backupsToKeep } from "@domain/backups/backup-schedule";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { clearAlert, raiseAlert } from "../alerts/raise-alert";
import { getDb, getDbHandle, type DbOrTx } from "../db/client";
import { env } from "../env";
import { log } from "../log";
import { notifyAdmins } from "../notifications/notify-staff";
import { createBackup } from "./create-backup";
import { copyOffsite, offsiteReason, offsiteTarget, removeOffsite } from "./offsite-copy";
import { backups } from "./schema";

// A backup as the site runs it (docs/operations.md#backups): claimed in the backups table, so one runs at a time across
// instances; alive while its heartbeat moves; checked, then the rotation removes what it no longer keeps; a failure is
// an alert and an e-mail to every admin, once until a backup succeeds again.

export type TBackupTrigger = "schedule" | "admin" | "command";
export type TBackupSummary = { id: number; file: string; bytes: number; durationMs: number; encrypted: boolean };

/** BACKUP_DIR, or the backups folder inside the data folder. */
export function backupFolder(): string {
  return resolve(env.BACKUP_DIR ?? join(env.DATA_DIR, "backups"));
}

/** Removes what killed backups left in the backup folder (a `.partial` is renamed only once whole and synced). */
function removeHalfWrittenFiles() {
  const folder = backupFolder();
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder))
    if (name.endsWith(".partial")) {
      rmSync(join(folder, name), { force: true });
      log.warn({ file: name }, "removed a backup file a stopped server left half-written");
    }
}

/** Alert keys: while one is open, the same trouble raises nothing and e-mails nobody again. */
export const BACKUP_FAILED_ALERT = "backup-failed";
export const BACKUP_STALE_ALERT = "backup-stale";

/** A running backup that has not said it is alive for this long was cut off (its server stopped). */
export const backupLeaseMs = () => env.BACKUP_LEASE_SECONDS * 1000;
/** Renewed six times a lease: a slow database write or two never makes a live backup look cut off. */
const heartbeatMs = () => backupLeaseMs() / 6;
/** How often the progress bar's figure is written while a backup runs. */
const PROGRESS_WRITE_MS = 500;

/** A running backup whose heartbeat stopped was cut off by its server stopping: recorded as failed, with why. */
export async function endCutOffBackups(now = new Date(), db: DbOrTx = getDb()): Promise<number> {
  const ended = await db
    .update(backups)
    .set({ status: "failed", finishedAt: now, error: "The server stopped while this backup was being made." })
    .where(and(eq(backups.status, "running"), lt(backups.heartbeatAt, new Date(now.getTime() - backupLeaseMs()))))
    .returning({ id: backups.id });
  return ended.length;
}

/** Claims the one running backup; refused while another runs (on this instance or any other). */
export async function startBackup(
  trigger: TBackupTrigger,
  requestedBy: string | null,
  db: DbOrTx = getDb(),
  now = new Date(),
): Promise<TResult<{ id: number }>> {
  await endCutOffBackups(now, db);
  const [row] = await db
    .insert(backups)
    .values({ trigger, requestedBy, startedAt: now, heartbeatAt: now })
    .onConflictDoNothing()
    .returning({ id: backups.id });
  if (!row) return refuse("conflict", "A backup is already running: wait for it to finish.");
  return succeed({ id: row.id });
}

/** Makes the backup claimed by startBackup; its outcome is in the table whatever happens. */
export async function runBackup(id: number): Promise<TResult<TBackupSummary>> {
  const db = getDb();
  const running = and(eq(backups.id, id), eq(backups.status, "running"));
  const beat = setInterval(() => {
    db.update(backups)
      .set({ heartbeatAt: new Date() })
      .where(running)
      .catch((error: unknown) => log.warn({ err: error }, "could not record a backup's heartbeat"));
  }, heartbeatMs());
  let lastWrite = 0;
  const onProgress = (fraction: number) => {
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = Date.now();
    db.update(backups)
      .set({ progress: Math.min(99, Math.round(fraction * 100)), heartbeatAt: new Date() })
      .where(running)
      .catch((error: unknown) => log.warn({ err: error }, "could not record a backup's progress"));
  };
  // A file half-written by a backup whose server was killed: never a backup, and this run holds the only claim.
  removeHalfWrittenFiles();
  const target = offsiteTarget();
  // With an off-site copy to make, writing the file here is the first 70% of the bar, the upload the rest.
  const localShare = target ? 0.7 : 1;
  try {
    const result = await createBackup({
      handle: getDbHandle(),
      dataDir: env.DATA_DIR,
      backupDir: backupFolder(),
      passphrase: env.BACKUP_KEY,
      configuredSecret: env.BETTER_AUTH_SECRET,
      onProgress: (f) => onProgress(f * localShare),
    });
    let offsite: { offsiteKey: string; offsiteAt: Date } | { offsiteError: string } | null = null;
    if (target) {
      try {
        const key = await copyOffsite(target, result.file, (f) => onProgress(localShare + f * (1 - localShare)));
        offsite = { offsiteKey: key, offsiteAt: new Date() };
      } catch (error) {
        log.error({ err: error, backup: id }, "backup's off-site copy failed");
        offsite = { offsiteError: offsiteReason(error) };
      }
    }
    const summary = { id, file: result.file, bytes: result.bytes, durationMs: result.durationMs, encrypted: result.encrypted };
    await db.transaction(async (tx) => {
      await tx
        .update(backups)
        .set({
          status: "succeeded",
          progress: 100,
          finishedAt: new Date(),
          fileName: basename(result.file),
          bytes: result.bytes,
          durationMs: result.durationMs,
          encrypted: result.encrypted,
          ...offsite,
        })
        .where(eq(backups.id, id));
      if (offsite && "offsiteError" in offsite)
        await tellAdminsOfFailure(
          tx,
          id,
          `it was written on this server, but its copy to off-site storage failed: ${offsite.offsiteError}`,
        );
      else {
        await clearAlert(tx, BACKUP_FAILED_ALERT);
        await clearAlert(tx, BACKUP_STALE_ALERT);
      }
    });
    await rotateBackups();
    return succeed(summary);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ err: error, backup: id }, "backup failed");
    await getDb().transaction(async (tx) => {
      await tx.update(backups).set({ status: "failed", finishedAt: new Date(), error: reason }).where(eq(backups.id, id));
      await tellAdminsOfFailure(tx, id, reason);
    });
    return refuse("unavailable", `The backup failed: ${reason}`);
  } finally {
    clearInterval(beat);
  }
}

/** A backup alert and, when it is new, the same words e-mailed to every admin: once while the alert is open. */
async function alertAdminsOnce(tx: DbOrTx, a: { key: string; title: string; alert: string; email: string; todo: string }) {
  const raised = await raiseAlert(tx, { type: "backup", title: a.title, message: a.alert, severity: "high", dedupeKey: a.key });
  if (raised)
    await notifyAdmins(tx, {
      priority: "high",
      subject: a.title,
      message: a.email,
      actionRequired: a.todo,
      link: "/admin/backups",
      actionLabel: "Open backups",
    });
}

async function tellAdminsOfFailure(tx: DbOrTx, id: number, reason: string) {
  const [row] = await tx.select({ startedAt: backups.startedAt }).from(backups).where(eq(backups.id, id));
  const when = row ? formatLagosDateTime(row.startedAt) : "just now";
  await alertAdminsOnce(tx, {
    key: BACKUP_FAILED_ALERT,
    title: "A backup failed",
    alert: `The backup started ${when} failed: ${reason}`,
    email: `The backup started ${when} (Lagos time) failed: ${reason}. Until one succeeds, the site's latest orders, payments and uploads are not safely copied.`,
    todo: "Open the backups page, put right what the reason says, and back up now.",
  });
}

/** Tells every admin, once, that the last good backup is too old (or there is none). */
export async function raiseStaleBackupAlert(lastGoodAt: Date | null): Promise<void> {
  const since = lastGoodAt
    ? `The last good backup finished ${formatLagosDateTime(lastGoodAt)} (Lagos time).`
    : "No backup has succeeded yet.";
  await getDb().transaction((tx) =>
    alertAdminsOnce(tx, {
      key: BACKUP_STALE_ALERT,
      title: "Backups have stopped",
      alert: `${since} Nothing after that is in any backup.`,
      email: `${since} Orders, payments and uploads since then are in no backup.`,
      todo: "Open the backups page, see why the last ones failed, and back up now.",
    }),
  );
}

/** The newest good backup's finishing time, or null. */
export async function lastGoodBackupAt(db: DbOrTx = getDb()): Promise<Date | null> {
  const [row] = await db
    .select({ finishedAt: backups.finishedAt })
    .from(backups)
    .where(eq(backups.status, "succeeded"))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  return row?.finishedAt ?? null;
}

/** Removes the files the rotation no longer keeps; called after a newer backup was written and checked. */
async function rotateBackups() {
  const db = getDb();
  const good = await db
    .select({ id: backups.id, finishedAt: backups.finishedAt, fileName: backups.fileName, offsiteKey: backups.offsiteKey })
    .from(backups)
    .where(and(eq(backups.status, "succeeded"), isNull(backups.removedAt)));
  const dated = good.map((b) => ({ id: b.id, finishedAt: b.finishedAt ?? new Date(0), copied: b.offsiteKey !== null }));
  const keep = backupsToKeep(dated);
  const target = offsiteTarget();
  // While copies fail, the backups whose copy did go off the machine rotate among themselves and stay, here and
  // there: a run of failed uploads never empties the bucket of good copies.
  if (target) for (const id of backupsToKeep(dated.filter((b) => b.copied))) keep.add(id);
  const folder = backupFolder();
  const keptNames = new Set(good.filter((b) => keep.has(b.id)).map((b) => b.fileName));
  for (const backup of good) {
    if (keep.has(backup.id)) continue;
    if (backup.fileName && !keptNames.has(backup.fileName)) rmSync(join(folder, backup.fileName), { force: true });
    // A copy left behind costs storage, not data: logged, and the rotation goes on.
    if (target && backup.offsiteKey)
      await removeOffsite(target, backup.offsiteKey).catch((error: unknown) =>
        log.warn({ err: error, key: backup.offsiteKey }, "could not remove an old backup's off-site copy"),
      );
    await db.update(backups).set({ removedAt: new Date() }).where(eq(backups.id, backup.id));
    log.info({ backup: backup.id, file: backup.fileName }, "old backup removed by the rotation");
  }
}
