import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { MIGRATION_BATCH_SIZE, type TMigrationKind } from "@domain/migration/migration";
import type { TRecordData } from "@domain/migration/records";
import { recordAudit } from "../audit/record-audit";
import { type DbOrTx } from "../db/client";
import { batchImportEngine } from "../jobs/batch-import";
import { expireMigrationRuns } from "./expire-migration-runs";
import { findKnownIds } from "./find-known-ids";
import { importRecords } from "./import-records";
import { migrationIds, migrationRecords, migrationRuns } from "./schema";

// The data migration's side of the import engine (server/jobs/batch-import.ts; docs/product/data-migration.md#the-import):
// one batch of converted records, written by their owners, with the records' outcomes, the id map and the run's counters.

export const MIGRATION_JOB = "data-migration";

type TQueuedRun = {
  id: number;
  kind: string;
  fileName: string;
  startedById: string | null;
  total: number;
  processed: number;
  lastPosition: number;
};

const claimNext = async (tx: DbOrTx): Promise<TQueuedRun | null> => {
  const [run] = await tx
    .select({
      id: migrationRuns.id,
      kind: migrationRuns.kind,
      fileName: migrationRuns.fileName,
      startedById: migrationRuns.startedById,
      total: migrationRuns.total,
      processed: migrationRuns.processed,
      lastPosition: migrationRuns.lastPosition,
    })
    .from(migrationRuns)
    .where(eq(migrationRuns.status, "queued"))
    .orderBy(asc(migrationRuns.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return run ?? null;
};

/** One batch: the owners' writes, the records' outcomes, the id map and the run's counters. */
async function importBatch(tx: DbOrTx, run: TQueuedRun): Promise<boolean> {
  const kind = run.kind as TMigrationKind;
  const batch = await tx
    .select({ position: migrationRecords.position, key: migrationRecords.key, data: migrationRecords.data })
    .from(migrationRecords)
    .where(and(eq(migrationRecords.runId, run.id), gt(migrationRecords.position, run.lastPosition), isNotNull(migrationRecords.data)))
    .orderBy(asc(migrationRecords.position))
    .limit(MIGRATION_BATCH_SIZE);
  const known = await findKnownIds(
    tx,
    kind,
    batch.map((r) => r.key),
  );
  const outcomes = await importRecords(
    tx,
    kind,
    batch.map((r) => ({ data: r.data as TRecordData[TMigrationKind], knownId: known.get(r.key) ?? null })),
    { apply: true },
  );
  const results = batch.map((r, i) => ({ position: r.position, ...outcomes[i]! }));
  if (results.length)
    await tx.execute(sql`
      update migration_records r set action = v.action, note = v.note, target_id = v."targetId", reference = v.reference
      from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
        as v(position int, action text, note text, "targetId" text, reference text)
      where r.run_id = ${run.id} and r.position = v.position`);
  const mapped = batch.flatMap((r, i) => {
    const targetId = outcomes[i]!.targetId;
    return targetId && outcomes[i]!.action !== "refuse" ? [{ kind, oldId: r.key, targetId, runId: run.id }] : [];
  });
  if (mapped.length)
    await tx
      .insert(migrationIds)
      .values(mapped)
      .onConflictDoUpdate({
        target: [migrationIds.kind, migrationIds.oldId],
        set: { targetId: sql`excluded.target_id`, runId: sql`excluded.run_id` },
      });
  const count = (action: string) => outcomes.filter((o) => o.action === action).length;
  const processed = run.processed + batch.length;
  const done = batch.length < MIGRATION_BATCH_SIZE || processed >= run.total;
  const [after] = await tx
    .update(migrationRuns)
    .set({
      processed,
      lastPosition: batch.at(-1)?.position ?? run.lastPosition,
      created: sql`${migrationRuns.created} + ${count("create")}`,
      updated: sql`${migrationRuns.updated} + ${count("update")}`,
      unchanged: sql`${migrationRuns.unchanged} + ${count("unchanged")}`,
      refused: sql`${migrationRuns.refused} + ${count("refuse")}`,
      ...(done ? { status: "done", finishedAt: new Date(), rows: [] } : {}),
    })
    .where(eq(migrationRuns.id, run.id))
    .returning({
      created: migrationRuns.created,
      updated: migrationRuns.updated,
      unchanged: migrationRuns.unchanged,
      refused: migrationRuns.refused,
    });
  if (done) {
    await dropRecordData(tx, run.id);
    await recordAudit(tx, {
      actorId: run.startedById,
      action: "migration.imported",
      resourceType: "migration_run",
      resourceId: String(run.id),
      newData: { kind, fileName: run.fileName, records: processed, ...after },
    });
  }
  return done;
}

/** Once a run ends, the converted records (people's details) go; the outcomes stay for the report. */
async function dropRecordData(tx: DbOrTx, runId: number) {
  await tx.update(migrationRecords).set({ data: null }).where(eq(migrationRecords.runId, runId));
}

/** A batch failed and was rolled back whole: the run stops there, with the reason, and says so. */
async function stopRun(tx: DbOrTx, runId: number, reason: string) {
  const [run] = await tx
    .update(migrationRuns)
    .set({ status: "stopped", error: reason, finishedAt: new Date(), rows: [] })
    .where(and(eq(migrationRuns.id, runId), eq(migrationRuns.status, "queued")))
    .returning({
      kind: migrationRuns.kind,
      fileName: migrationRuns.fileName,
      startedById: migrationRuns.startedById,
      processed: migrationRuns.processed,
    });
  if (!run) return;
  await dropRecordData(tx, runId);
  await recordAudit(tx, {
    actorId: run.startedById,
    action: "migration.stopped",
    resourceType: "migration_run",
    resourceId: String(runId),
    newData: { kind: run.kind, fileName: run.fileName, processed: run.processed, error: reason },
  });
}

const migrationImports = batchImportEngine({
  job: MIGRATION_JOB,
  label: "Data migration",
  description: "Imports the old system's files admins started on the data migration page, a batch at a time; drops files left for 7 days.",
  claimNext,
  importBatch,
  stopRun,
  expire: expireMigrationRuns,
});

export const importNextBatch = migrationImports.importNextBatch;
/** Runs queued imports batch by batch until none is left or the server stops. */
export const runMigrations = migrationImports.runAll;
export const migrationImportJob = migrationImports.job;
