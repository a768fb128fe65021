import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { zavchargeAccounts } from "./schema";

/**
 * When the driver was last told their balance is low after a session (docs/product/zavcharge.md#notifications),
 * recorded inside the transaction that settled it.
 */
export async function markLowBalanceNotified(tx: Tx, accountId: number, now: Date): Promise<void> {
  await tx.update(zavchargeAccounts).set({ lowBalanceNotifiedAt: now }).where(eq(zavchargeAccounts.id, accountId));
}
