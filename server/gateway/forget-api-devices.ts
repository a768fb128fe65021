import { eq } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { apiDevices } from "./schema";

/**
 * The gateway's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): the person's
 * devices go, and with them every token family and token, so nothing signed in through the app outlives the account.
 */
export async function forgetApiDevices(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const removed = await tx.delete(apiDevices).where(eq(apiDevices.userId, p.userId)).returning({ id: apiDevices.id });
  return { rows: removed.length };
}
