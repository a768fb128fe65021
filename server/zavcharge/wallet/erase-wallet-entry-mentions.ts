import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { eraseMentions } from "../../db/erase-text";
import { zavchargeWalletEntries } from "./schema";

/**
 * The wallet's part when accounts lose their person (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data):
 * the ledger stays whole, amounts and balances untouched; only the words that name the person (`needles`) go from
 * its descriptions and reasons. How many entries changed.
 */
export async function eraseWalletEntryMentions(tx: DbOrTx, accountIds: number[], needles: string[]): Promise<number> {
  return eraseMentions(
    tx,
    zavchargeWalletEntries,
    [zavchargeWalletEntries.reason, zavchargeWalletEntries.description],
    needles,
    inArray(zavchargeWalletEntries.accountId, accountIds),
  );
}
