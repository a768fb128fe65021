import { and, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { runJobNow } from "../jobs/scheduler";
import { CRM_IMPORT_JOB } from "./run-crm-imports";
import { crmImports } from "./schema";

/** After the preview: the import is queued once (a second click finds it started) and the import job woken. */
export async function startCrmImport(staff: TViewer, importId: number): Promise<TResult> {
  const started = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(crmImports)
      .set({ status: "queued", startedAt: new Date() })
      .where(and(eq(crmImports.id, importId), eq(crmImports.status, "ready")))
      .returning({ id: crmImports.id, total: crmImports.total });
    if (row)
      await recordAudit(tx, {
        actorId: staff.id,
        action: "crm.import-started",
        resourceType: "crm_import",
        resourceId: String(importId),
        newData: { rows: row.total },
      });
    return !!row;
  });
  if (!started) return refuse("conflict", "This import has started already or was cancelled");
  await runJobNow(CRM_IMPORT_JOB);
  return succeed();
}

/** Drops a prepared import that has not started: nothing of it was imported. */
export async function cancelCrmImport(staff: TViewer, importId: number): Promise<TResult> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(crmImports)
      .set({ status: "cancelled", rows: [], finishedAt: new Date() })
      .where(and(eq(crmImports.id, importId), eq(crmImports.status, "ready")))
      .returning({ id: crmImports.id });
    if (!row) return refuse("conflict", "This import has started already or was cancelled");
    await recordAudit(tx, { actorId: staff.id, action: "crm.import-cancelled", resourceType: "crm_import", resourceId: String(importId) });
    return succeed();
  });
}
