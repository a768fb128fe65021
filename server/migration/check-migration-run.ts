import { and, eq, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import {
  mappingProblems,
  type TColumnMapping,
  type TImportOutcome,
  type TMigrationKind,
  type TRecordAction,
} from "@domain/migration/migration";
import { readRecords } from "@domain/migration/records";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { ERASED_ADDRESS_REASON, findErasedAddresses } from "../privacy/erased-addresses";
import { findKnownIds } from "./find-known-ids";
import { importRecords } from "./import-records";
import { migrationRecords, migrationRuns } from "./schema";

/** Records asked about at once in the dry run (reads only). */
const PLAN_CHUNK = 1000;

export type TPlannedCounts = Record<TRecordAction, number>;

/**
 * The dry run (docs/product/data-migration.md#dry-run): the file read with the admin's column mapping, every record
 * asked of the context that owns its kind without writing anything there, and what would be created, updated, left
 * unchanged or refused (with the reason) kept with the run for the page and the report. It can run again with
 * another mapping until the import starts.
 */
export async function checkMigrationRun(
  admin: TViewer,
  runId: number,
  mapping: TColumnMapping,
): Promise<TResult<{ planned: TPlannedCounts }>> {
  const db = getDb();
  const [run] = await db
    .select({ kind: migrationRuns.kind, status: migrationRuns.status, header: migrationRuns.header, rows: migrationRuns.rows })
    .from(migrationRuns)
    .where(eq(migrationRuns.id, runId));
  if (!run) return refuse("not_found", "There is no such import");
  if (run.status !== "mapping" && run.status !== "checked") return refuse("conflict", "This import has started already or was cancelled");
  const kind = run.kind as TMigrationKind;
  const problems = mappingProblems(kind, mapping, run.header.length);
  if (problems.length) return refuse("invalid_input", `${problems.join(". ")}.`);

  const read = readRecords(kind, [run.header, ...run.rows], mapping);
  const { records, refused } = await withoutErasedPeople(read);
  const known = await findKnownIds(
    db,
    kind,
    records.map((r) => r.key),
  );
  const outcomes: TImportOutcome[] = [];
  for (let i = 0; i < records.length; i += PLAN_CHUNK) {
    const chunk = records.slice(i, i + PLAN_CHUNK);
    outcomes.push(
      ...(await importRecords(
        db,
        kind,
        chunk.map((r) => ({ data: r.data, knownId: known.get(r.key) ?? null })),
        { apply: false },
      )),
    );
  }
  const rows: (typeof migrationRecords.$inferInsert)[] = [
    ...records.map((r, i) => ({
      runId,
      position: 0,
      lines: r.lines,
      key: r.key,
      data: r.data,
      planned: outcomes[i]!.action,
      plannedNote: outcomes[i]!.note,
      reference: outcomes[i]!.reference,
    })),
    // A line that cannot be read is refused for good: the import never hands it over.
    ...refused.map((r) => ({
      runId,
      position: 0,
      lines: r.lines,
      key: r.key,
      value: r.value,
      planned: "refuse" as const,
      plannedNote: r.reason,
      action: "refuse" as const,
      note: r.reason,
    })),
  ]
    .sort((a, b) => a.lines[0]! - b.lines[0]!)
    .map((r, i) => ({ ...r, position: i + 1 }));
  const planned: TPlannedCounts = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const r of rows) planned[r.planned]++;

  const checked = await db.transaction(async (tx) => {
    // Only a run still waiting for its import is checked again (the admin may have started it meanwhile).
    const [open] = await tx
      .update(migrationRuns)
      .set({
        status: "checked",
        mapping,
        total: records.length,
        planned,
        processed: 0,
        lastPosition: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        refused: refused.length,
        checkedAt: new Date(),
      })
      .where(and(eq(migrationRuns.id, runId), inArray(migrationRuns.status, ["mapping", "checked"])))
      .returning({ id: migrationRuns.id });
    if (!open) return false;
    await tx.delete(migrationRecords).where(eq(migrationRecords.runId, runId));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(migrationRecords).values(rows.slice(i, i + 500));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "migration.checked",
      resourceType: "migration_run",
      resourceId: String(runId),
      newData: { kind, mapping, planned },
    });
    return true;
  });
  if (!checked) return refuse("conflict", "This import has started already or was cancelled");
  return succeed({ planned });
}

/**
 * Customers and orders of people who had their data deleted are refused (docs/product/privacy-requests.md#never-again),
 * by their line only: neither their address nor their old id is kept with the run.
 */
async function withoutErasedPeople(read: ReturnType<typeof readRecords>): Promise<ReturnType<typeof readRecords>> {
  const emailOf = (data: unknown) => (data as { email?: unknown }).email;
  const emails = read.records.map((r) => emailOf(r.data)).filter((e): e is string => typeof e === "string");
  const erased = await findErasedAddresses(emails);
  if (erased.size === 0) return read;
  const gone = (r: (typeof read.records)[number]) => erased.has(String(emailOf(r.data)));
  return {
    records: read.records.filter((r) => !gone(r)),
    refused: [
      ...read.refused,
      ...read.records.filter(gone).map((r) => ({ lines: r.lines, key: `line ${r.lines[0]}`, value: "", reason: ERASED_ADDRESS_REASON })),
    ],
  };
}
