import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

/**
 * Every backup the site made or tried (docs/operations.md#backups): the admin page's history, the rotation's list and
 * the claim that keeps two backups from running at once (one 'running' row at most). Not itself in a backup: a restored
 * site starts its own history.
 */
export const backups = pgTable(
  "backups",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    status: text("status").notNull().default("running"),
    /** What started it: the daily schedule, an admin's "Back up now", or `npm run backup`. */
    trigger: text("trigger").notNull(),
    requestedBy: mayReferToUser("requested_by"),
    startedAt: atNow("started_at"),
    /** Renewed while it runs: a running backup whose heartbeat stops was cut off by its server stopping. */
    heartbeatAt: atNow("heartbeat_at"),
    /** 0 to 100, for the progress bar. */
    progress: integer("progress").notNull().default(0),
    finishedAt: at("finished_at"),
    /** The file's name in the backup folder, once written and checked. */
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    durationMs: integer("duration_ms"),
    encrypted: boolean("encrypted"),
    error: text("error"),
    /** Its copy in S3-compatible storage (BACKUP_S3_*): the object's key once uploaded and checked, or why not. */
    offsiteKey: text("offsite_key"),
    offsiteAt: at("offsite_at"),
    offsiteError: text("offsite_error"),
    /** When the rotation removed the file. */
    removedAt: at("removed_at"),
  },
  (t) => [
    uniqueIndex("backups_one_running_idx")
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    index("backups_started_idx").on(t.startedAt),
    check("backups_status_check", sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check("backups_trigger_check", sql`${t.trigger} in ('schedule', 'admin', 'command')`),
    check("backups_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);
