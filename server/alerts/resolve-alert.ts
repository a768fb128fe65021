import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { adminAlerts } from "./schema";

export const ZResolveAlert = z.object({ alertId: z.coerce.number({ error: "Unknown alert" }).int().positive("Unknown alert") });

export type TResolveAlert = z.output<typeof ZResolveAlert>;

/**
 * An admin marks an open alert resolved: who and when are stored on the alert and in the audit log. Once
 * resolved, the same problem raises a fresh alert (the dedupe key only holds while an alert is open).
 */
export async function resolveAlert(actor: TViewer, { alertId }: TResolveAlert): Promise<TResult<{ title: string }>> {
  if (actor.role !== "admin") return refuse("forbidden", "Only admins can resolve alerts.");
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(adminAlerts)
      .set({ status: "resolved", resolvedAt: new Date(), resolvedBy: actor.id })
      .where(and(eq(adminAlerts.id, alertId), eq(adminAlerts.status, "open")))
      .returning({ id: adminAlerts.id, title: adminAlerts.title, type: adminAlerts.type });
    if (!row) return refuse("conflict", "That alert was already resolved.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "alert.resolve",
      resourceType: "admin_alert",
      resourceId: String(row.id),
      oldData: { status: "open" },
      newData: { status: "resolved", title: row.title },
    });
    return succeed({ title: row.title });
  });
}
