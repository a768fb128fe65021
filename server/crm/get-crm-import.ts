import { desc, eq, sql } from "drizzle-orm";
import { csvDocument, csvLine } from "@domain/files/csv";
import { percentOf } from "@domain/jobs/progress";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { countExisting } from "./prepare-crm-import";
import { crmImports } from "./schema";

// An import as its page shows it (docs/product/crm.md#import): the preview while it is ready, then its progress and
// report. The rows themselves stay on the server; the page gets the first ten.

const PREVIEW_ROWS = 10;

export type TImportProgress = {
  status: "ready" | "queued" | "done" | "cancelled" | "stopped";
  /** Why a batch failed, when the import stopped. */
  error: string | null;
  total: number;
  processed: number;
  created: number;
  merged: number;
  failed: number;
  percent: number;
};

const PROGRESS_COLUMNS = {
  status: crmImports.status,
  error: crmImports.error,
  total: crmImports.total,
  processed: crmImports.processed,
  created: crmImports.created,
  merged: crmImports.merged,
  failed: crmImports.failed,
};

export async function getCrmImportProgress(id: number): Promise<TImportProgress | null> {
  const [row] = await getDb().select(PROGRESS_COLUMNS).from(crmImports).where(eq(crmImports.id, id));
  if (!row) return null;
  return { ...row, status: row.status as TImportProgress["status"], percent: percentOf(row.processed, row.total) };
}

export async function getCrmImport(id: number) {
  const [row] = await getDb()
    .select({
      id: crmImports.id,
      fileName: crmImports.fileName,
      ...PROGRESS_COLUMNS,
      consent: crmImports.consent,
      tags: crmImports.tags,
      duplicatesInFile: crmImports.duplicatesInFile,
      errors: crmImports.errors,
      createdAt: crmImports.createdAt,
      finishedAt: crmImports.finishedAt,
      byName: users.name,
      preview: sql<
        { email: string; name: string | null; phone: string | null; tags: string[] }[]
      >`coalesce((select jsonb_agg(r) from (select r from jsonb_array_elements(${crmImports.rows}) r limit ${PREVIEW_ROWS}) x), '[]'::jsonb)`,
      emails: sql<
        string[]
      >`case when ${crmImports.status} = 'ready' then (select coalesce(array_agg(r->>'email'), '{}') from jsonb_array_elements(${crmImports.rows}) r) else '{}' end`,
    })
    .from(crmImports)
    .leftJoin(users, eq(users.id, crmImports.createdById))
    .where(eq(crmImports.id, id));
  if (!row) return null;
  const { emails, ...rest } = row;
  // Before it runs, the preview says how many are new and how many join an existing record.
  const existing = row.status === "ready" ? await countExisting(emails) : null;
  return { ...rest, status: row.status as TImportProgress["status"], existing, percent: percentOf(row.processed, row.total) };
}

/** The latest imports, for the import page's history. */
export async function listCrmImports() {
  return getDb()
    .select({
      id: crmImports.id,
      fileName: crmImports.fileName,
      status: crmImports.status,
      total: crmImports.total,
      created: crmImports.created,
      merged: crmImports.merged,
      failed: crmImports.failed,
      createdAt: crmImports.createdAt,
      byName: users.name,
    })
    .from(crmImports)
    .leftJoin(users, eq(users.id, crmImports.createdById))
    .orderBy(desc(crmImports.id))
    .limit(20);
}

/** The report (docs/product/crm.md#import): the figures, then each refused row (line, value as typed, reason). */
export async function crmImportReportCsv(id: number): Promise<string | null> {
  const found = await getCrmImport(id);
  if (!found) return null;
  const lines = [
    csvLine(["File", found.fileName]),
    csvLine(["Rows to import", found.total]),
    csvLine(["New records", found.created]),
    csvLine(["Merged into existing", found.merged]),
    csvLine(["Refused", found.failed]),
    "",
    csvLine(["Line", "Value", "Reason"]),
    ...found.errors.map((e) => csvLine([e.line, e.value, e.reason])),
  ];
  return csvDocument(lines);
}
