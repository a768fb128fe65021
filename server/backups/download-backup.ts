import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { signedInWithSecondFactorWithin } from "../auth/second-factor-session";
import { getDb } from "../db/client";
import { backups } from "./schema";
import { backupFolder } from "./run-backup";

/** A backup is the whole site's data: its download needs a second factor given this recently, on this session. */
export const DOWNLOAD_SECOND_FACTOR_MS = 10 * 60_000;

export const NEEDS_RECENT_SECOND_FACTOR =
  "Downloading a backup needs a sign-in with two-factor in the last 10 minutes: sign out, sign in again with your authenticator app or texted code, then download.";

/** Whether this admin's session may download backups now (the page shows the links or says why not). */
export function mayDownloadBackups(request: Request, now = new Date()): Promise<boolean> {
  return signedInWithSecondFactorWithin(request, DOWNLOAD_SECOND_FACTOR_MS, now);
}

/**
 * An admin downloads a kept backup (docs/operations.md#backups): only with a second factor given in the last 10
 * minutes on this session, and audited before the file is sent.
 */
export async function openBackupDownload(
  admin: TViewer,
  request: Request,
  backupId: number,
  now = new Date(),
): Promise<TResult<{ path: string; fileName: string; bytes: number }>> {
  if (admin.role !== "admin") return refuse("forbidden", "Only admins can download backups.");
  if (!(await mayDownloadBackups(request, now))) return refuse("forbidden", NEEDS_RECENT_SECOND_FACTOR);
  const [backup] = await getDb()
    .select({ fileName: backups.fileName })
    .from(backups)
    .where(and(eq(backups.id, backupId), eq(backups.status, "succeeded"), isNull(backups.removedAt)));
  const path = backup?.fileName ? join(backupFolder(), backup.fileName) : null;
  if (!backup?.fileName || !path || !existsSync(path)) return refuse("not_found", "That backup is no longer kept.");
  await recordAudit(getDb(), {
    actorId: admin.id,
    action: "backup.download",
    resourceType: "backup",
    resourceId: String(backupId),
    newData: { fileName: backup.fileName },
  });
  return succeed({ path, fileName: backup.fileName, bytes: statSync(path).size });
}
