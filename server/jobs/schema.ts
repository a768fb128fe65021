import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";

/**
 * The durable scheduler: one row per periodic job. An instance runs a job only after claiming it with a
 * conditional UPDATE (due and not leased), so several instances never run one job at once, and a restart
 * picks up where the table says.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  periodSeconds: integer("period_seconds").notNull(),
  nextRunAt: atNow("next_run_at"),
  leasedUntil: at("leased_until"),
  lastStartedAt: at("last_started_at"),
  lastFinishedAt: at("last_finished_at"),
  lastError: text("last_error"),
  /** What the job needs between runs, e.g. the time of the last blog check. */
  state: jsonb("state").$type<Record<string, unknown>>().notNull().default({}),
});
