import { or } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { erasedJson, mentions, personNeedles } from "../db/erase-text";
import { auditLog } from "./schema";

/**
 * The audit log keeps every entry, who acted and when (docs/product/privacy-requests.md): only the person's e-mail,
 * name and phone inside the values before and after are replaced. Entries they made point at the anonymised account.
 */
export async function forgetPersonInAudit(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const needles = personNeedles(p);
  const rows = await tx
    .update(auditLog)
    .set({ oldData: erasedJson(auditLog.oldData, needles), newData: erasedJson(auditLog.newData, needles) })
    .where(or(mentions(auditLog.oldData, needles), mentions(auditLog.newData, needles)))
    .returning({ id: auditLog.id });
  return { rows: rows.length };
}
