import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";

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
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Renewed while it runs: a running backup whose heartbeat stops was cut off by its server stopping. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    /** 0 to 100, for the progress bar. */
    progress: integer("progress").notNull().default(0),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The file's name in the backup folder, once written and checked. */
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    durationMs: integer("duration_ms"),
    encrypted: boolean("encrypted"),
    error: text("error"),
    /** Its copy in S3-compatible storage (BACKUP_S3_*): the object's key once uploaded and checked, or why not. */
    offsiteKey: text("offsite_key"),
    offsiteAt: timestamp("offsite_at", { withTimezone: true }),
    offsiteError: text("offsite_error"),
    /** When the rotation removed the file. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
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
