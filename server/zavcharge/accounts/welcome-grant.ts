import { and, eq, inArray } from "drizzle-orm";
import { formatNigerianPhone } from "@domain/nigeria/phone";
import type { DbOrTx } from "../../db/client";
import { fingerprint } from "../../privacy/fingerprint";
import { zavchargeAccounts, zavchargeWalletEntries, zavchargeWelcomeGrants } from "../schema";

// The welcome credit and the free first plan go once per person (docs/product/zavcharge.md#welcome-credit): a person is
// known by their site account, their confirmed e-mail and their phone, each kept only as a fingerprint, so closing
// the account, deleting one's data and joining again, or a second site account with the same e-mail or phone, finds
// the earlier grant.

export type TWelcomePerson = { userId: string | null; email: string | null; phone: string | null };

function welcomeKeys(p: TWelcomePerson): string[] {
  const keys: string[] = [];
  if (p.userId) keys.push(fingerprint("zavcharge-welcome:user", p.userId));
  if (p.email) keys.push(fingerprint("zavcharge-welcome:email", p.email.trim().toLowerCase()));
  if (p.phone) keys.push(fingerprint("zavcharge-welcome:phone", formatNigerianPhone(p.phone)));
  return keys;
}

/**
 * Inside the transaction that opens the account: records the person's keys and says whether this account gets the
 * welcome credit and plan, which it does only when none of its keys was recorded before. Two openings at once for the
 * same person meet on the keys' primary key: the second waits for the first and finds them taken.
 */
export async function claimWelcomeGrant(tx: DbOrTx, accountId: number, person: TWelcomePerson): Promise<boolean> {
  const keys = welcomeKeys(person);
  if (keys.length === 0) return false;
  const recorded = await tx
    .insert(zavchargeWelcomeGrants)
    .values(keys.map((key) => ({ fingerprint: key, accountId })))
    .onConflictDoNothing()
    .returning({ fingerprint: zavchargeWelcomeGrants.fingerprint });
  return recorded.length === keys.length;
}

/**
 * Before accounts lose their person (closing, deletion): the keys of those that had a welcome credit are recorded, so
 * accounts opened before grants were recorded at opening are covered too. Nothing is recorded twice.
 */
export async function rememberWelcomeGrants(tx: DbOrTx, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  const welcomed = await tx
    .selectDistinct({
      id: zavchargeAccounts.id,
      userId: zavchargeAccounts.userId,
      email: zavchargeAccounts.email,
      phone: zavchargeAccounts.phone,
    })
    .from(zavchargeAccounts)
    .innerJoin(
      zavchargeWalletEntries,
      and(eq(zavchargeWalletEntries.accountId, zavchargeAccounts.id), eq(zavchargeWalletEntries.kind, "welcome_credit")),
    )
    .where(inArray(zavchargeAccounts.id, accountIds));
  const rows = welcomed.flatMap((a) => welcomeKeys(a).map((key) => ({ fingerprint: key, accountId: a.id })));
  if (rows.length) await tx.insert(zavchargeWelcomeGrants).values(rows).onConflictDoNothing();
}
