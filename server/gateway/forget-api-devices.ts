import { eq } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { apiDevices, apiIdempotencyKeys, apiSyncEvents } from "./schema";

/**
 * The gateway's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): the person's
 * devices go, and with them every token family and token, so nothing signed in through the app outlives the account;
 * their sync events and idempotency keys (with the answers kept under them) go too.
 */
export async function forgetApiDevices(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  // One after another on the transaction's connection, which runs one statement at a time.
  const removed = [
    await tx.delete(apiDevices).where(eq(apiDevices.userId, p.userId)).returning({ id: apiDevices.id }),
    await tx.delete(apiSyncEvents).where(eq(apiSyncEvents.userId, p.userId)).returning({ seq: apiSyncEvents.seq }),
    await tx.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.userId, p.userId)).returning({ key: apiIdempotencyKeys.key }),
  ];
  return { rows: removed.reduce((n, rows) => n + rows.length, 0) };
}
