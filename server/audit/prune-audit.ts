import { deleteOlderThan } from "../db/delete-older-than";
import type { TJob } from "../jobs/scheduler";
import { getSettings } from "../settings/get-settings";
import { auditLog } from "./schema";

/** Removes audit entries older than the retention setting (docs/product/alerts-and-audit.md#retention); returns how many. */
export async function pruneAuditLog(now = new Date()): Promise<number> {
  const { auditRetentionDays } = await getSettings();
  return deleteOlderThan(auditLog, auditLog.createdAt, auditRetentionDays, now, "old audit entries removed", { auditRetentionDays });
}

export const auditRetentionJob: TJob = {
  name: "audit-retention",
  label: "Audit log retention",
  description: "Once a day, removes audit log entries older than the retention set in the settings (Records).",
  periodSeconds: 24 * 3600,
  async run() {
    await pruneAuditLog();
  },
};
