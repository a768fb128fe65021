import { and, eq, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { crmImports } from "./schema";

/** How long a checked list waits for "Import" before its rows are dropped (docs/product/crm.md#import). */
export const IMPORT_PREVIEW_DAYS = 7;

/**
 * A preview nobody imported or cancelled would keep the file's names, e-mails and phones for ever: after
 * IMPORT_PREVIEW_DAYS it is cancelled and its rows dropped, as if staff had pressed "Cancel".
 */
export async function expireCrmImportPreviews(now = new Date()): Promise<number> {
  const expired = await getDb()
    .update(crmImports)
    .set({ status: "cancelled", rows: [], finishedAt: now })
    .where(and(eq(crmImports.status, "ready"), lt(crmImports.createdAt, new Date(now.getTime() - IMPORT_PREVIEW_DAYS * 86_400_000))))
    .returning({ id: crmImports.id });
  return expired.length;
}
