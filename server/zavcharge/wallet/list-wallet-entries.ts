import { and, desc, eq, lt } from "drizzle-orm";
import type { TWalletEntryKind } from "@domain/zavcharge/wallet/wallet-rules";
import { getDb } from "../../db/client";
import { zavchargeWalletEntries } from "./schema";

// An account's wallet ledger a page at a time (docs/product/zavcharge.md#wallet), newest first: every credit and debit
// with the balance after it, in kobo. The dashboard shows the latest few (statements/get-driver-dashboard.ts); the app pages the
// whole ledger (docs/product/api-gateway.md#zavcharge).

export type TWalletEntry = {
  id: number;
  kind: TWalletEntryKind;
  amountKobo: number;
  balanceAfterKobo: number;
  description: string;
  sessionId: number | null;
  createdAt: Date;
};

/**
 * Up to `limit + 1` entries of one account before the entry `beforeId` (all from the newest without it), newest
 * first: an entry's id is the order it was posted in. Never another account's.
 */
export async function listWalletEntriesBefore(accountId: number, beforeId: number | null, limit: number): Promise<TWalletEntry[]> {
  const rows = await getDb()
    .select({
      id: zavchargeWalletEntries.id,
      kind: zavchargeWalletEntries.kind,
      amountKobo: zavchargeWalletEntries.amountKobo,
      balanceAfterKobo: zavchargeWalletEntries.balanceAfterKobo,
      description: zavchargeWalletEntries.description,
      sessionId: zavchargeWalletEntries.sessionId,
      createdAt: zavchargeWalletEntries.createdAt,
    })
    .from(zavchargeWalletEntries)
    .where(and(eq(zavchargeWalletEntries.accountId, accountId), beforeId === null ? undefined : lt(zavchargeWalletEntries.id, beforeId)))
    .orderBy(desc(zavchargeWalletEntries.id))
    .limit(limit + 1);
  return rows.map((r) => ({ ...r, kind: r.kind as TWalletEntryKind }));
}
