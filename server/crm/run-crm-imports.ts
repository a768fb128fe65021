import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { applyConsent, type TConsent, type TConsentRecord } from "@domain/crm/crm";
import { IMPORT_BATCH_SIZE, type TImportRow } from "@domain/crm/crm-import";
import { expireCrmImportPreviews } from "./expire-crm-import-previews";
import { recordAudit } from "../audit/record-audit";
import { type DbOrTx } from "../db/client";
import { batchImportEngine } from "../jobs/batch-import";
import { crmActivities, crmContactAliases, crmContacts, crmContactTags, crmImports } from "./schema";

// The CRM's side of the import engine (server/jobs/batch-import.ts; docs/product/crm.md#import): one batch of a list's
// rows, merged by address with the import's counters. Merging by address makes a batch that runs twice change nothing
// the second time, so a stopped import carries on when the same list is imported again.

export const CRM_IMPORT_JOB = "crm-import";

type TQueuedImport = {
  id: number;
  fileName: string;
  consent: boolean;
  tags: string[];
  total: number;
  processed: number;
  createdById: string | null;
  createdAt: Date;
};

const claimNext = async (tx: DbOrTx): Promise<TQueuedImport | null> => {
  const [imp] = await tx
    .select({
      id: crmImports.id,
      fileName: crmImports.fileName,
      consent: crmImports.consent,
      tags: crmImports.tags,
      total: crmImports.total,
      processed: crmImports.processed,
      createdById: crmImports.createdById,
      createdAt: crmImports.createdAt,
    })
    .from(crmImports)
    .where(eq(crmImports.status, "queued"))
    .orderBy(asc(crmImports.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return imp ?? null;
};

async function importBatch(tx: DbOrTx, imp: TQueuedImport): Promise<boolean> {
  const rowsResult = (await tx.execute(sql`
    select coalesce((select jsonb_agg(r order by n) from jsonb_array_elements(i.rows) with ordinality as e(r, n)
      where n > ${imp.processed} and n <= ${imp.processed + IMPORT_BATCH_SIZE}), '[]'::jsonb) as rows
    from crm_imports i where i.id = ${imp.id}`)) as { rows?: { rows: TImportRow[] | string }[] };
  const raw = rowsResult.rows?.[0]?.rows ?? [];
  const rows: TImportRow[] = typeof raw === "string" ? (JSON.parse(raw) as TImportRow[]) : raw;

  const emails = rows.map((r) => r.email);
  const aliases = emails.length ? await tx.select().from(crmContactAliases).where(inArray(crmContactAliases.email, emails)) : [];
  const aliasOf = new Map(aliases.map((a) => [a.email, a.contactId]));
  const existing = emails.length
    ? await tx
        .select({
          id: crmContacts.id,
          email: crmContacts.email,
          name: crmContacts.name,
          phone: crmContacts.phone,
          consent: crmContacts.consent,
          consentAt: crmContacts.consentAt,
          consentSource: crmContacts.consentSource,
        })
        .from(crmContacts)
        .where(
          or(
            inArray(crmContacts.email, emails),
            aliases.length
              ? inArray(
                  crmContacts.id,
                  aliases.map((a) => a.contactId),
                )
              : sql`false`,
          ),
        )
    : [];
  const byId = new Map(existing.map((c) => [c.id, c]));
  const byEmail = new Map(existing.map((c) => [c.email, c]));
  const event = { state: "granted" as const, at: imp.createdAt, source: `Import: ${imp.fileName}`, byThePerson: false };
  const consentFor = (current: TConsentRecord) => (imp.consent ? applyConsent(current, event) : current);

  const inserts: (typeof crmContacts.$inferInsert)[] = [];
  const updates: ({ id: number; name: string | null; phone: string | null } & TConsentRecord)[] = [];
  const targetOf = new Map<string, number>();
  for (const r of rows) {
    const found = byId.get(aliasOf.get(r.email) ?? -1) ?? byEmail.get(r.email);
    if (!found) {
      const c = consentFor({ consent: "unknown", consentAt: null, consentSource: null });
      inserts.push({ email: r.email, name: r.name, phone: r.phone, source: "import", ...c });
      continue;
    }
    targetOf.set(r.email, found.id);
    const current: TConsentRecord = {
      consent: found.consent as TConsent,
      consentAt: found.consentAt,
      consentSource: found.consentSource,
    };
    const next = { id: found.id, name: found.name ?? r.name, phone: found.phone ?? r.phone, ...consentFor(current) };
    if (
      next.name !== found.name ||
      next.phone !== found.phone ||
      next.consent !== current.consent ||
      next.consentAt?.getTime() !== current.consentAt?.getTime()
    )
      updates.push(next);
  }
  const created = inserts.length
    ? await tx.insert(crmContacts).values(inserts).returning({ id: crmContacts.id, email: crmContacts.email })
    : [];
  for (const c of created) targetOf.set(c.email, c.id);
  if (updates.length)
    await tx.execute(sql`
      update crm_contacts c set name = v.name, phone = v.phone, consent = v.consent, consent_at = v."consentAt",
        consent_source = v."consentSource", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        as v(id int, name text, phone text, consent text, "consentAt" timestamptz, "consentSource" text)
      where c.id = v.id`);
  const tagRows = rows.flatMap((r) => {
    const contactId = targetOf.get(r.email)!;
    return [...new Set([...r.tags, ...imp.tags])].map((tag) => ({ contactId, tag }));
  });
  if (tagRows.length) await tx.insert(crmContactTags).values(tagRows).onConflictDoNothing();
  const ids = [...new Set(targetOf.values())];
  if (ids.length)
    await tx.insert(crmActivities).values(
      ids.map((contactId) => ({
        contactId,
        authorId: imp.createdById,
        kind: "imported",
        body: `Imported from ${imp.fileName}${imp.consent ? " (agreed to marketing)" : ""}`,
      })),
    );
  const processed = Math.min(imp.total, imp.processed + IMPORT_BATCH_SIZE);
  const done = processed >= imp.total;
  await tx
    .update(crmImports)
    .set({
      processed,
      created: sql`${crmImports.created} + ${created.length}`,
      merged: sql`${crmImports.merged} + ${rows.length - created.length}`,
      ...(done ? { status: "done", finishedAt: new Date(), rows: [] } : {}),
    })
    .where(eq(crmImports.id, imp.id));
  return done;
}

/** A batch failed and was rolled back whole: the import stops there with the reason; its rows (people's details) go. */
async function stopImport(tx: DbOrTx, importId: number, reason: string) {
  const [imp] = await tx
    .update(crmImports)
    .set({ status: "stopped", error: reason, finishedAt: new Date(), rows: [] })
    .where(and(eq(crmImports.id, importId), eq(crmImports.status, "queued")))
    .returning({ createdById: crmImports.createdById, fileName: crmImports.fileName, processed: crmImports.processed });
  if (!imp) return;
  await recordAudit(tx, {
    actorId: imp.createdById,
    action: "crm.import-stopped",
    resourceType: "crm_import",
    resourceId: String(importId),
    newData: { fileName: imp.fileName, processed: imp.processed, error: reason },
  });
}

const crmImportEngine = batchImportEngine({
  job: CRM_IMPORT_JOB,
  label: "Import CRM lists",
  description: "Imports the lists staff started on the CRM's import page, a batch at a time; drops previews left for 7 days.",
  claimNext,
  importBatch,
  stopRun: stopImport,
  expire: expireCrmImportPreviews,
});

export const importNextBatch = crmImportEngine.importNextBatch;
/** Runs queued imports batch by batch until none is left or the server stops. */
export const runCrmImports = crmImportEngine.runAll;
export const crmImportJob = crmImportEngine.job;
