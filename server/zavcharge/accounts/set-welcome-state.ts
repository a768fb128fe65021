import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { zavchargeAccounts } from "./schema";

// An account's side of the welcome (docs/product/zavcharge.md#welcome-credit), inside the caller's transaction: the
// welcome waits for the phone to be proved, the phone is proved, and the free first plan's period is the account's.

/** Where the site sends texts, the welcome waits for the code texted to the phone given at opening. */
export async function markWelcomeAwaitsPhone(tx: Tx, accountId: number): Promise<void> {
  await tx.update(zavchargeAccounts).set({ welcomeAwaitsPhone: true }).where(eq(zavchargeAccounts.id, accountId));
}

/** The driver proved their phone with the texted code: the welcome waits no more. */
export async function markDriverPhoneProved(tx: Tx, accountId: number, now = new Date()): Promise<void> {
  await tx
    .update(zavchargeAccounts)
    .set({ welcomeAwaitsPhone: false, phoneVerifiedAt: now, updatedAt: now })
    .where(eq(zavchargeAccounts.id, accountId));
}

/** The free first plan's period (a row of subscriptions) is the account's. */
export async function setAccountSubscription(tx: Tx, accountId: number, subscriptionId: number): Promise<void> {
  await tx.update(zavchargeAccounts).set({ subscriptionId }).where(eq(zavchargeAccounts.id, accountId));
}
