import { desc } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { visitRetentionJob } from "../analytics/prune-visits";
import { powerHealthJob } from "../power/check-power-health";
import { powerReadingRetentionJob } from "../power/prune-readings";
import { privacyRequestsJob } from "../privacy/follow-up-deletion-requests";
import { auditRetentionJob } from "../audit/prune-audit";
import { recordAudit } from "../audit/record-audit";
import { waitForDatabase } from "../db/open-database";
import { campaignSender } from "../campaigns/send-campaigns";
import { abandonedCartJob } from "../cart/abandoned-cart-job";
import { contactFollowUpJob } from "../content/contact/follow-up-waiting-messages";
import { crmGatherJob } from "../crm/gather-contacts";
import { crmImportJob } from "../crm/run-crm-imports";
import { getDb } from "../db/client";
import { env } from "../env";
import { migrationImportJob } from "../migration/run-migrations";
import { REMINDER_JOBS } from "../notifications/reminders/reminder-jobs";
import { investmentMaturityJob } from "../investments/redemptions";
import { apiGatewayCleanupJob } from "../gateway/gateway-cleanup-job";
import { dailyBackupJob } from "../backups/backup-job";
import { errorListRetentionJob } from "../errors/prune-error-groups";
import { referralApprovalJob } from "../referrals/approve-held-commissions";
import { pendingRegistrationRetentionJob } from "../zavcharge/accounts/prune-pending-registrations";
import { createScheduler, runJobNow, type TJob } from "./scheduler";
import { scheduledJobs } from "./schema";

/** Every periodic job of the site, run by the database scheduler. */
export const SCHEDULED_JOBS: TJob[] = [
  ...REMINDER_JOBS,
  campaignSender,
  auditRetentionJob,
  visitRetentionJob,
  crmGatherJob,
  crmImportJob,
  contactFollowUpJob,
  migrationImportJob,
  powerHealthJob,
  powerReadingRetentionJob,
  privacyRequestsJob,
  abandonedCartJob,
  pendingRegistrationRetentionJob,
  referralApprovalJob,
  investmentMaturityJob,
  apiGatewayCleanupJob,
  dailyBackupJob,
  errorListRetentionJob,
];

/** Starts the scheduler for this process (server/jobs/start-jobs.ts); returns its stop function. */
export async function startScheduledJobs(): Promise<() => Promise<void>> {
  const scheduler = createScheduler(SCHEDULED_JOBS, { pollMs: env.SCHEDULER_POLL_MS, leaseMs: env.JOB_LEASE_SECONDS * 1000 });
  // Registering the timetable is start-up's last write: the database going away meanwhile is waited for (decision 0040).
  await waitForDatabase(() => scheduler.start(), env.DATABASE_WAIT_SECONDS * 1000);
  return scheduler.stop;
}

/** The admin jobs page: each job's timetable and last outcome, with its label. */
export async function listScheduledJobs() {
  const rows = await getDb().select().from(scheduledJobs).orderBy(desc(scheduledJobs.periodSeconds), scheduledJobs.name);
  return rows.map((row) => {
    const job = SCHEDULED_JOBS.find((j) => j.name === row.name);
    return {
      name: row.name,
      label: job?.label ?? row.name,
      description: job?.description ?? "Not registered in this version of the site.",
      periodSeconds: row.periodSeconds,
      nextRunAt: row.nextRunAt,
      lastStartedAt: row.lastStartedAt,
      lastFinishedAt: row.lastFinishedAt,
      lastError: row.lastError,
      running: !!row.leasedUntil && row.leasedUntil > new Date(),
    };
  });
}

/** "Run now" on the jobs page: due at once, and in the audit log. */
export async function runJobNowAsAdmin(admin: TViewer, name: string): Promise<TResult<{ label: string }>> {
  const job = SCHEDULED_JOBS.find((j) => j.name === name);
  if (!job) return refuse("not_found", "There is no such job");
  await recordAudit(getDb(), { actorId: admin.id, action: "job.run-now", resourceType: "scheduled_job", resourceId: name });
  if (!(await runJobNow(name))) return refuse("unavailable", "The job has not started on this server yet");
  return succeed({ label: job.label });
}
