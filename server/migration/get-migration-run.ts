import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { csvDocument, csvLine } from "@domain/files/csv";
import { percentOf } from "@domain/jobs/progress";
import {
  MIGRATION_KINDS,
  MIGRATION_PREVIEW_RECORDS,
  MIGRATION_REFUSALS_SHOWN,
  RECORD_ACTIONS,
  type TMigrationKind,
  type TMigrationProgress,
  type TMigrationStatus,
  type TRecordAction,
} from "@domain/migration/migration";
import { PREVIEW_COLUMNS, previewCells } from "@domain/migration/preview";
import type { TRecordData } from "@domain/migration/records";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { migrationRecords, migrationRuns } from "./schema";

// A run as its page shows it (docs/product/data-migration.md): the mapping while it waits for one, the dry run's counts,
// refused lines and first records, then the import's progress and the report. The file's rows stay on the server.

const PROGRESS_COLUMNS = {
  status: migrationRuns.status,
  total: migrationRuns.total,
  processed: migrationRuns.processed,
  created: migrationRuns.created,
  updated: migrationRuns.updated,
  unchanged: migrationRuns.unchanged,
  refused: migrationRuns.refused,
  error: migrationRuns.error,
};

export async function getMigrationProgress(id: number): Promise<TMigrationProgress | null> {
  const [row] = await getDb().select(PROGRESS_COLUMNS).from(migrationRuns).where(eq(migrationRuns.id, id));
  if (!row) return null;
  return { ...row, status: row.status as TMigrationStatus, percent: percentOf(row.processed, row.total) };
}

export async function getMigrationRun(id: number) {
  const db = getDb();
  const [run] = await db
    .select({
      id: migrationRuns.id,
      kind: migrationRuns.kind,
      fileName: migrationRuns.fileName,
      header: migrationRuns.header,
      mapping: migrationRuns.mapping,
      planned: migrationRuns.planned,
      createdAt: migrationRuns.createdAt,
      checkedAt: migrationRuns.checkedAt,
      finishedAt: migrationRuns.finishedAt,
      byName: users.name,
      ...PROGRESS_COLUMNS,
    })
    .from(migrationRuns)
    .leftJoin(users, eq(users.id, migrationRuns.createdById))
    .where(eq(migrationRuns.id, id));
  if (!run) return null;
  const kind = run.kind as TMigrationKind;
  const status = run.status as TMigrationStatus;
  // The first data row, so the admin sees what each column holds while mapping.
  const [sample] =
    status === "mapping" || status === "checked"
      ? await db
          .select({ row: sql<string[] | null>`${migrationRuns.rows}->0` })
          .from(migrationRuns)
          .where(eq(migrationRuns.id, id))
      : [];
  const preview =
    status === "checked"
      ? await db
          .select({ lines: migrationRecords.lines, data: migrationRecords.data, planned: migrationRecords.planned })
          .from(migrationRecords)
          .where(and(eq(migrationRecords.runId, id), isNotNull(migrationRecords.data)))
          .orderBy(asc(migrationRecords.position))
          .limit(MIGRATION_PREVIEW_RECORDS)
      : [];
  const listed = (action: TRecordAction) =>
    db
      .select({
        position: migrationRecords.position,
        lines: migrationRecords.lines,
        key: migrationRecords.key,
        value: migrationRecords.value,
        note: status === "checked" ? migrationRecords.plannedNote : migrationRecords.note,
        reference: migrationRecords.reference,
      })
      .from(migrationRecords)
      .where(
        and(
          eq(migrationRecords.runId, id),
          status === "checked" ? eq(migrationRecords.planned, action) : eq(migrationRecords.action, action),
        ),
      )
      .orderBy(asc(migrationRecords.position))
      .limit(MIGRATION_REFUSALS_SHOWN);
  const [refusedLines, changes] = await Promise.all([listed("refuse"), status === "checked" ? listed("update") : Promise.resolve([])]);
  return {
    ...run,
    kind,
    status,
    percent: percentOf(run.processed, run.total),
    sampleRow: (sample?.row ?? []).map((cell) => cell.slice(0, 40)),
    previewColumns: PREVIEW_COLUMNS[kind],
    preview: preview.map((r) => ({ lines: r.lines, planned: r.planned, cells: previewCells(kind, r.data as TRecordData[TMigrationKind]) })),
    refusedLines,
    changes,
  };
}

/** The latest runs, for the migration page's history. */
export async function listMigrationRuns() {
  return getDb()
    .select({
      id: migrationRuns.id,
      kind: migrationRuns.kind,
      fileName: migrationRuns.fileName,
      status: migrationRuns.status,
      total: migrationRuns.total,
      created: migrationRuns.created,
      updated: migrationRuns.updated,
      unchanged: migrationRuns.unchanged,
      refused: migrationRuns.refused,
      planned: migrationRuns.planned,
      createdAt: migrationRuns.createdAt,
      byName: users.name,
    })
    .from(migrationRuns)
    .leftJoin(users, eq(users.id, migrationRuns.createdById))
    .orderBy(desc(migrationRuns.id))
    .limit(20);
}

/**
 * The report (docs/product/data-migration.md#the-report): the run's figures, then every record with its lines, the old
 * key, what happened (or would happen, before the import), our reference, the value as typed and the reason or change.
 * Cells that a spreadsheet would run as a formula are written defused (csvCell).
 */
export async function migrationReportCsv(id: number): Promise<string | null> {
  const db = getDb();
  const [run] = await db
    .select({
      ...PROGRESS_COLUMNS,
      kind: migrationRuns.kind,
      fileName: migrationRuns.fileName,
      planned: migrationRuns.planned,
      finishedAt: migrationRuns.finishedAt,
      byName: users.name,
      createdAt: migrationRuns.createdAt,
    })
    .from(migrationRuns)
    .leftJoin(users, eq(users.id, migrationRuns.createdById))
    .where(eq(migrationRuns.id, id));
  if (!run || run.status === "mapping" || run.status === "cancelled") return null;
  const records = await db.select().from(migrationRecords).where(eq(migrationRecords.runId, id)).orderBy(asc(migrationRecords.position));
  const dry = run.status === "checked";
  const planned = run.planned ?? { create: 0, update: 0, unchanged: 0, refuse: 0 };
  const figures = dry
    ? [
        ["Would create", planned.create],
        ["Would update", planned.update],
        ["Unchanged", planned.unchanged],
        ["Refused", planned.refuse],
      ]
    : [
        ["Created", run.created],
        ["Updated", run.updated],
        ["Unchanged", run.unchanged],
        ["Refused", run.refused],
      ];
  const lines = [
    csvLine(["Data migration", MIGRATION_KINDS[run.kind as TMigrationKind]]),
    csvLine(["File", run.fileName]),
    csvLine(["By", run.byName ?? ""]),
    csvLine(["Uploaded (Lagos time)", formatLagosDateTime(run.createdAt)]),
    csvLine([dry ? "Dry run: nothing imported yet" : "Finished (Lagos time)", run.finishedAt ? formatLagosDateTime(run.finishedAt) : ""]),
    ...(run.status === "stopped" ? [csvLine(["Stopped", run.error ?? ""])] : []),
    ...figures.map((f) => csvLine(f)),
    "",
    csvLine(["Lines", "Old ID", "Outcome", "Zavolah reference", "Value", "Reason or change"]),
    ...records.map((r) => {
      // Before the import the dry run's plan; after it what happened (a stopped run leaves later records not imported).
      const outcome = r.action ? RECORD_ACTIONS[r.action].done : dry ? RECORD_ACTIONS[r.planned].planned : "Not imported";
      return csvLine([r.lines.join(" "), r.key, outcome, r.reference ?? "", r.value ?? "", (r.action ? r.note : r.plannedNote) ?? ""]);
    }),
  ];
  return csvDocument(lines);
}
