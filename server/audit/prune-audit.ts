import { lt } from "drizzle-orm";
import type { TJob } from "../jobs/scheduler";
import { getDb } from "../db/client";
import { log } from "../log";
import { getSettings } from "../settings/get-settings";
import { auditLog } from "./schema";

/** Removes audit entries older than the retention setting (docs/product/alerts-and-audit.md#retention); returns how many. */
export async function pruneAuditLog(now = new Date()): Promise<number> {
  const { auditRetentionDays } = await getSettings();
  const cutoff = new Date(now.getTime() - auditRetentionDays * 86_400_000);
  const removed = await getDb().delete(auditLog).where(lt(auditLog.createdAt, cutoff)).returning({ id: auditLog.id });
  if (removed.length) log.info({ removed: removed.length, auditRetentionDays }, "old audit entries removed");
  return removed.length;
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
