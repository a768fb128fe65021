import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { eraseMentions, personNeedles } from "../db/erase-text";
import { auditLog } from "./schema";

/**
 * The audit log keeps every entry, who acted and when (docs/product/privacy-requests.md): only the person's e-mail,
 * name and phone inside the values before and after are replaced. Entries they made point at the anonymised account.
 */
export async function forgetPersonInAudit(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  return { rows: await eraseMentions(tx, auditLog, [auditLog.oldData, auditLog.newData], personNeedles(p)) };
}
