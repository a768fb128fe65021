import type { DbOrTx } from "../db/client";
import { auditLog } from "./schema";

export type TAuditEntry = {
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  oldData?: unknown;
  newData?: unknown;
};

/** Call inside the transaction that makes the change, so the log and the change land together. */
export async function recordAudit(tx: DbOrTx, entry: TAuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    oldData: entry.oldData ?? null,
    newData: entry.newData ?? null,
  });
}
