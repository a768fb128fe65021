import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The durable scheduler: one row per periodic job. An instance runs a job only after claiming it with a
 * conditional UPDATE (due and not leased), so several instances never run one job at once, and a restart
 * picks up where the table says.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  periodSeconds: integer("period_seconds").notNull(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  leasedUntil: timestamp("leased_until", { withTimezone: true }),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastError: text("last_error"),
  /** What the job needs between runs, e.g. the time of the last blog check. */
  state: jsonb("state").$type<Record<string, unknown>>().notNull().default({}),
});
