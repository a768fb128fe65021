import { and, eq, gt } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { runJobNow } from "../jobs/scheduler";
import { MIGRATION_JOB } from "./run-migrations";
import { migrationRuns } from "./schema";

/**
 * After the dry run: the import is queued once (a second click finds it started) and the import job woken
 * (docs/product/data-migration.md#the-import).
 */
export async function startMigrationRun(admin: TViewer, runId: number): Promise<TResult> {
  const started = await getDb().transaction(async (tx) => {
    const [run] = await tx
      .update(migrationRuns)
      .set({ status: "queued", startedById: admin.id, startedAt: new Date() })
      .where(and(eq(migrationRuns.id, runId), eq(migrationRuns.status, "checked"), gt(migrationRuns.total, 0)))
      .returning({
        kind: migrationRuns.kind,
        fileName: migrationRuns.fileName,
        total: migrationRuns.total,
        planned: migrationRuns.planned,
      });
    if (run)
      await recordAudit(tx, {
        actorId: admin.id,
        action: "migration.started",
        resourceType: "migration_run",
        resourceId: String(runId),
        newData: { kind: run.kind, fileName: run.fileName, records: run.total, planned: run.planned },
      });
    return !!run;
  });
  if (!started) return refuse("conflict", "This import has started already, was cancelled, or has nothing to import");
  await runJobNow(MIGRATION_JOB);
  return succeed();
}
