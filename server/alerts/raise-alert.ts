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

/** Raises an admin alert inside the caller's transaction (docs/product/alerts-and-audit.md#admin-alerts). */
export async function raiseAlert(tx: DbOrTx, alert: TAlert): Promise<void> {
  await tx
    .insert(adminAlerts)
    .values({ ...alert, dedupeKey: alert.dedupeKey ?? null })
    .onConflictDoNothing();
}
