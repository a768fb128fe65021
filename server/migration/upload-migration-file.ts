import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { readCsvTable } from "@domain/files/csv-read";
import { guessMapping, type TMigrationKind } from "@domain/migration/migration";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { migrationRuns } from "./schema";

/** The most columns a file may have: old systems' exports have a few dozen at most. */
export const MAX_MIGRATION_COLUMNS = 100;

/**
 * Keeps an old system's export as a new run, with the column mapping guessed from its header, ready for the admin to
 * check the mapping (docs/product/data-migration.md#the-file). A file that cannot be read as a whole is refused with
 * the reason and nothing is kept; nothing is imported until the dry run and the admin's go.
 */
export async function uploadMigrationFile(
  admin: TViewer,
  upload: { kind: TMigrationKind; fileName: string; text: string },
): Promise<TResult<{ runId: number }>> {
  const table = readCsvTable(upload.text, {
    headerProblem: (header) => {
      if (header.every((h) => !h.trim())) return "The first line must name the columns";
      if (header.length > MAX_MIGRATION_COLUMNS) return `At most ${MAX_MIGRATION_COLUMNS} columns: leave out the ones you do not need`;
      return null;
    },
  });
  if ("problem" in table) return refuse("invalid_input", table.problem, { field: "file" });
  const header = table.header.map((h) => h.trim().slice(0, 100));
  const fileName = upload.fileName.slice(0, 120);
  const runId = await getDb().transaction(async (tx) => {
    const [run] = await tx
      .insert(migrationRuns)
      .values({
        kind: upload.kind,
        fileName,
        createdById: admin.id,
        header,
        rows: table.body,
        mapping: guessMapping(upload.kind, header),
      })
      .returning({ id: migrationRuns.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: "migration.uploaded",
      resourceType: "migration_run",
      resourceId: String(run!.id),
      newData: { kind: upload.kind, fileName, rows: table.body.length },
    });
    return run!.id;
  });
  return succeed({ runId });
}
