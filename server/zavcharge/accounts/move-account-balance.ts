import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { zavchargeAccounts } from "./schema";

/**
 * Moves an account's balance by `amountKobo` (docs/product/zavcharge.md#wallet) for the wallet's ledger, inside the
 * transaction that writes the ledger row: one guarded UPDATE, never below zero however many run at once. The
 * balance after, or null when the account cannot cover a debit (or does not exist).
 */
export async function moveAccountBalance(tx: Tx, accountId: number, amountKobo: number): Promise<number | null> {
  const [moved] = await tx
    .update(zavchargeAccounts)
    .set({ balanceKobo: sql`${zavchargeAccounts.balanceKobo} + ${amountKobo}`, updatedAt: new Date() })
    .where(sql`${zavchargeAccounts.id} = ${accountId} and ${zavchargeAccounts.balanceKobo} + ${amountKobo} >= 0`)
    .returning({ balanceKobo: zavchargeAccounts.balanceKobo });
  return moved ? moved.balanceKobo : null;
}
