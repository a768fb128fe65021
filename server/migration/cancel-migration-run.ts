import { and, eq, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { migrationRecords, migrationRuns } from "./schema";

/** Drops a run that has not started (docs/product/data-migration.md#the-import): nothing of it was imported. */
export async function cancelMigrationRun(admin: TViewer, runId: number): Promise<TResult> {
  return getDb().transaction(async (tx) => {
    const [run] = await tx
      .update(migrationRuns)
      .set({ status: "cancelled", rows: [], finishedAt: new Date() })
      .where(and(eq(migrationRuns.id, runId), inArray(migrationRuns.status, ["mapping", "checked"])))
      .returning({ kind: migrationRuns.kind, fileName: migrationRuns.fileName });
    if (!run) return refuse("conflict", "This import has started already or was cancelled");
    await tx.delete(migrationRecords).where(eq(migrationRecords.runId, runId));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "migration.cancelled",
      resourceType: "migration_run",
      resourceId: String(runId),
      newData: { kind: run.kind, fileName: run.fileName },
    });
    return succeed();
  });
}
