import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { adminAlerts } from "./schema";

export type TAlert = {
  type: string;
  title: string;
  message: string;
  severity: "low" | "medium" | "high" | "critical";
  /** While an open alert has this key, raising it again does nothing. */
  dedupeKey?: string;
};

/**
 * Raises an admin alert inside the caller's transaction (docs/product/alerts-and-audit.md#admin-alerts). True when it
 * is new, false when an open alert with its key was already there (so the caller tells people once, not every time).
 */
export async function raiseAlert(tx: DbOrTx, alert: TAlert): Promise<boolean> {
  const raised = await tx
    .insert(adminAlerts)
    .values({ ...alert, dedupeKey: alert.dedupeKey ?? null })
    .onConflictDoNothing()
    .returning({ id: adminAlerts.id });
  return raised.length > 0;
}

/** The problem behind an open alert has gone (a backup succeeded again): resolved by the site itself, not by an admin. */
export async function clearAlert(tx: DbOrTx, dedupeKey: string): Promise<void> {
  await tx
    .update(adminAlerts)
    .set({ status: "resolved", resolvedAt: new Date() })
    .where(and(eq(adminAlerts.dedupeKey, dedupeKey), eq(adminAlerts.status, "open")));
}
