import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { TViewer } from "@domain/access/roles";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { adminAlerts } from "./schema";

export const ZResolveAlert = z.object({ alertId: z.coerce.number({ error: "Unknown alert" }).int().positive("Unknown alert") });

export type TResolveResult = { ok: true; title: string } | { ok: false; message: string };

/**
 * An admin marks an open alert resolved: who and when are stored on the alert and in the audit log. Once
 * resolved, the same problem raises a fresh alert (the dedupe key only holds while an alert is open).
 */
export async function resolveAlert(actor: TViewer, input: Record<string, string | undefined>): Promise<TResolveResult> {
  if (actor.role !== "admin") return { ok: false, message: "Only admins can resolve alerts." };
  const parsed = ZResolveAlert.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return getDb().transaction(async (tx): Promise<TResolveResult> => {
    const [row] = await tx
      .update(adminAlerts)
      .set({ status: "resolved", resolvedAt: new Date(), resolvedBy: actor.id })
      .where(and(eq(adminAlerts.id, parsed.data.alertId), eq(adminAlerts.status, "open")))
      .returning({ id: adminAlerts.id, title: adminAlerts.title, type: adminAlerts.type });
    if (!row) return { ok: false, message: "That alert was already resolved." };
    await recordAudit(tx, {
      actorId: actor.id,
      action: "alert.resolve",
      resourceType: "admin_alert",
      resourceId: String(row.id),
      oldData: { status: "open" },
      newData: { status: "resolved", title: row.title },
    });
    return { ok: true, title: row.title };
  });
}
