import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, mayReferTo } from "../db/columns";
import type { TColumnMapping, TRecordAction } from "@domain/migration/migration";
import { mayReferToUser } from "../auth/schema";

// The data migration (docs/product/data-migration.md, decision 0021): runs of one old-system file each, their records
// with what the dry run planned and what the import did, and the map from the old system's ids to ours that makes a
// second run of the same file create nothing.

/**
 * One file being brought over: uploaded (mapping), dry-run (checked), importing (queued), then done, stopped (a
 * batch failed: nothing of it was written) or cancelled. The file's rows are kept until it is done or cancelled.
 */
export const migrationRuns = pgTable(
  "migration_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    createdById: mayReferToUser("created_by_id"),
    /** The admin who started the import (the audit's actor for what the job then does). */
    startedById: mayReferToUser("started_by_id"),
    status: text("status").notNull().default("mapping"),
    header: text("header").array().notNull(),
    /** The file's rows under the header, as read; dropped once the run is done or cancelled. */
    rows: jsonb("rows").$type<string[][]>().notNull(),
    mapping: jsonb("mapping").$type<TColumnMapping>().notNull(),
    /** Records the import will hand over (those the file could be read into). */
    total: integer("total").notNull().default(0),
    /** The dry run's counts (refused includes the lines that could not be read). */
    planned: jsonb("planned").$type<Record<TRecordAction, number>>(),
    processed: integer("processed").notNull().default(0),
    /** The last record position a whole batch wrote: a restart carries on after it. */
    lastPosition: integer("last_position").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    /** Why the import stopped (a batch failed and was rolled back). */
    error: text("error"),
    createdAt: atNow("created_at"),
    checkedAt: at("checked_at"),
    startedAt: at("started_at"),
    finishedAt: at("finished_at"),
  },
  (t) => [
    index("migration_runs_created_idx").on(t.createdAt),
    check("migration_runs_kind_check", sql`${t.kind} in ('customers', 'products', 'orders', 'courses')`),
    check("migration_runs_status_check", sql`${t.status} in ('mapping', 'checked', 'queued', 'done', 'stopped', 'cancelled')`),
  ],
);

/**
 * A record of a run: its lines in the file, the old key, the converted data (null for lines that could not be read,
 * cleared once the run is done), what the dry run planned and what the import did.
 */
export const migrationRecords = pgTable(
  "migration_records",
  {
    runId: belongsTo("run_id", () => migrationRuns.id),
    position: integer("position").notNull(),
    lines: integer("lines").array().notNull(),
    key: text("key").notNull(),
    data: jsonb("data"),
    /** The cell as typed, for a line refused before the database was asked. */
    value: text("value"),
    planned: text("planned").$type<TRecordAction>().notNull(),
    plannedNote: text("planned_note"),
    action: text("action").$type<TRecordAction>(),
    note: text("note"),
    targetId: text("target_id"),
    reference: text("reference"),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    check("migration_records_planned_check", sql`${t.planned} in ('create', 'update', 'unchanged', 'refuse')`),
    check("migration_records_action_check", sql`${t.action} is null or ${t.action} in ('create', 'update', 'unchanged', 'refuse')`),
  ],
);

/** The old system's id of a customer, product, order or course, and ours: the next run finds it here. */
export const migrationIds = pgTable(
  "migration_ids",
  {
    kind: text("kind").notNull(),
    oldId: text("old_id").notNull(),
    targetId: text("target_id").notNull(),
    runId: mayReferTo("run_id", () => migrationRuns.id),
    createdAt: atNow("created_at"),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.oldId] }),
    check("migration_ids_kind_check", sql`${t.kind} in ('customers', 'products', 'orders', 'courses')`),
  ],
);
