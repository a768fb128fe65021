import { count, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { normaliseEmail } from "@domain/crm/crm";
import { MAX_IMPORT_ROWS, importColumns, prepareImport, type TPreparedImport } from "@domain/crm/crm-import";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { readCsvTable } from "@domain/files/csv-read";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { ERASED_ADDRESS_REASON, findErasedAddresses } from "../privacy/erased-addresses";
import { crmContacts, crmImports } from "./schema";

export type TImportUpload = { fileName: string; text: string; consent: boolean; tags: string[] };

/**
 * Reads an uploaded or pasted list and keeps it as an import ready for its preview (docs/product/crm.md#import). A
 * file that cannot be read as a whole is refused with the reason and nothing is kept; rows that fail are counted with
 * their line and reason, and nothing is imported until staff start it.
 */
export async function prepareCrmImport(staff: TViewer, upload: TImportUpload): Promise<TResult<{ importId: number }>> {
  const table = readCsvTable(upload.text, {
    maxRows: MAX_IMPORT_ROWS,
    headerProblem: (header) =>
      importColumns(header)
        ? null
        : "The first line must name the columns, with one called Email (also Name, Phone, Tags if you have them)",
  });
  if ("problem" in table) return refuse("invalid_input", table.problem, { field: "file" });
  const columns = importColumns(table.header)!;
  const prepared = await withoutErasedPeople(prepareImport([table.header, ...table.body], columns), table.body, columns.email!);
  const db = getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(crmImports)
      .values({
        createdById: staff.id,
        fileName: upload.fileName.slice(0, 120),
        consent: upload.consent,
        tags: upload.tags,
        rows: prepared.rows,
        errors: prepared.errors,
        total: prepared.rows.length,
        failed: prepared.failed,
        duplicatesInFile: prepared.duplicatesInFile,
      })
      .returning({ id: crmImports.id });
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.import-prepared",
      resourceType: "crm_import",
      resourceId: String(row!.id),
      newData: { fileName: upload.fileName, rows: prepared.rows.length, failed: prepared.failed },
    });
    return row!.id;
  });
  return succeed({ importId: id });
}

/** How many of these addresses the CRM has already (the preview's "merged into existing records"). */
export async function countExisting(emails: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < emails.length; i += 1000) {
    const [r] = await getDb()
      .select({ n: count() })
      .from(crmContacts)
      .where(inArray(crmContacts.email, emails.slice(i, i + 1000)));
    n += r?.n ?? 0;
  }
  return n;
}

/**
 * People who had their data deleted are left out of the list (docs/product/privacy-requests.md#never-again): counted
 * as refused by their line, without their address, which is not kept anywhere.
 */
async function withoutErasedPeople(read: TPreparedImport, body: string[][], emailColumn: number): Promise<TPreparedImport> {
  const erased = await findErasedAddresses(read.rows.map((r) => r.email));
  if (erased.size === 0) return read;
  const lines: number[] = [];
  body.forEach((cells, i) => {
    if (erased.has(normaliseEmail((cells[emailColumn] ?? "").trim().replace(/^mailto:/i, "")))) lines.push(i + 2);
  });
  const rows = read.rows.filter((r) => !erased.has(r.email));
  return {
    rows,
    errors: [...read.errors, ...lines.map((line) => ({ line, value: "", reason: ERASED_ADDRESS_REASON }))].sort((a, b) => a.line - b.line),
    failed: read.failed + lines.length,
    // Their second lines were counted as twice in the file; each of their lines is now a refusal instead.
    duplicatesInFile: read.duplicatesInFile - (lines.length - (read.rows.length - rows.length)),
  };
}
