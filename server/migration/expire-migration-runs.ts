import { and, inArray, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { migrationRecords, migrationRuns } from "./schema";

/** How long an uploaded file waits for its import before its rows are dropped (docs/product/data-migration.md). */
export const MIGRATION_FILE_DAYS = 7;

/**
 * A file uploaded and never imported, or an import stopped by a failed batch (re-uploading the file carries on in a
 * new run), would keep the old system's customers' details for ever: after MIGRATION_FILE_DAYS the run is cancelled,
 * its rows and converted records dropped, as if an admin had pressed "Cancel".
 */
export async function expireMigrationRuns(now = new Date()): Promise<number> {
  return getDb().transaction(async (tx) => {
    const expired = await tx
      .update(migrationRuns)
      .set({ status: "cancelled", rows: [], finishedAt: now })
      .where(
        and(
          inArray(migrationRuns.status, ["mapping", "checked", "stopped"]),
          lt(migrationRuns.createdAt, new Date(now.getTime() - MIGRATION_FILE_DAYS * 86_400_000)),
        ),
      )
      .returning({ id: migrationRuns.id });
    if (expired.length)
      await tx.delete(migrationRecords).where(
        inArray(
          migrationRecords.runId,
          expired.map((r) => r.id),
        ),
      );
    return expired.length;
  });
}
