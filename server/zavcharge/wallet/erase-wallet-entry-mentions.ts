import { and, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { erasedText, mentions } from "../../db/erase-text";
import { zavchargeWalletEntries } from "./schema";

/**
 * The wallet's part when accounts lose their person (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data):
 * the ledger stays whole, amounts and balances untouched; only the words that name the person (`needles`) go from
 * its descriptions and reasons. How many entries changed.
 */
export async function eraseWalletEntryMentions(tx: DbOrTx, accountIds: number[], needles: string[]): Promise<number> {
  const entries = await tx
    .update(zavchargeWalletEntries)
    .set({
      reason: erasedText(zavchargeWalletEntries.reason, needles),
      description: erasedText(zavchargeWalletEntries.description, needles),
    })
    .where(
      and(
        inArray(zavchargeWalletEntries.accountId, accountIds),
        or(mentions(zavchargeWalletEntries.reason, needles), mentions(zavchargeWalletEntries.description, needles)),
      ),
    )
    .returning({ id: zavchargeWalletEntries.id });
  return entries.length;
}
