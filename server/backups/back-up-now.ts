import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { log } from "../log";
import { runBackup, startBackup } from "./run-backup";

/**
 * "Back up now" on the admin's backups page: claimed and audited in one transaction, then made in the background on
 * this instance while the page shows its progress (docs/operations.md#backups).
 */
export async function backUpNowAsAdmin(admin: TViewer): Promise<TResult<{ id: number }>> {
  if (admin.role !== "admin") return refuse("forbidden", "Only admins can start a backup.");
  const claimed = await getDb().transaction(async (tx) => {
    const started = await startBackup("admin", admin.id, tx);
    if (started.ok)
      await recordAudit(tx, { actorId: admin.id, action: "backup.start", resourceType: "backup", resourceId: String(started.id) });
    return started;
  });
  if (!claimed.ok) return claimed;
  void runBackup(claimed.id).catch((error: unknown) =>
    log.error({ err: error, backup: claimed.id }, "backup could not record its outcome"),
  );
  return succeed({ id: claimed.id });
}
