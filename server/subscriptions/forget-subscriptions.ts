import { and, eq } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { subscriptions } from "./schema";

/** Plan periods stay (what was paid and when, for the accounts); a running one ends with the account (docs/product/privacy-requests.md). */
export async function forgetSubscriptions(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: "cancelled" })
    .where(and(eq(subscriptions.userId, p.userId), eq(subscriptions.status, "active")))
    .returning({ id: subscriptions.id });
  return { rows: rows.length };
}
