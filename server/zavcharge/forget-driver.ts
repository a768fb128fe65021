import { and, eq, ne, or, sql } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import type { TErasureHold, TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { personNeedles } from "../db/erase-text";
import { eraseDriverAccounts } from "./accounts/erase-driver-accounts";
import { dropPendingRegistration } from "./accounts/drop-pending-registration";
import { zavchargeAccounts } from "./accounts/schema";
import { chargingSessions } from "./sessions/schema";
import { eraseWalletEntryMentions } from "./wallet/erase-wallet-entry-mentions";
import { forgetSessionIdTags } from "./sessions/forget-session-id-tags";

/** The person's ZavCharge account that is not closed yet, if any. */
async function openAccountOf(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({ id: zavchargeAccounts.id, code: zavchargeAccounts.code, balanceKobo: zavchargeAccounts.balanceKobo })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.userId, userId), ne(zavchargeAccounts.status, "closed")));
  return account ?? null;
}

/** What the wallet holds, for the account page to ask the person to give it up before they ask (0 without an account). */
export async function zavchargeBalanceOf(db: DbOrTx, userId: string): Promise<number> {
  return (await openAccountOf(db, userId))?.balanceKobo ?? 0;
}

/**
 * What keeps a deletion waiting on ZavCharge's side (docs/product/privacy-requests.md#what-holds-a-deletion): a session
 * still charging, or money in the wallet the person did not agree to give up.
 */
export async function zavchargeErasureHolds(db: DbOrTx, userId: string, forfeitsBalance: boolean): Promise<TErasureHold[]> {
  const account = await openAccountOf(db, userId);
  if (!account) return [];
  const holds: TErasureHold[] = [];
  const [running] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.accountId, account.id), eq(chargingSessions.status, "active")));
  if (running) holds.push({ reason: `ZavCharge account ${account.code} is charging now: the session must end first.` });
  if (account.balanceKobo > 0 && !forfeitsBalance)
    holds.push({
      reason: `ZavCharge account ${account.code} holds ${formatKobo(account.balanceKobo)}, which the person did not agree to give up: refund it (a wallet adjustment) or ask them.`,
    });
  return holds;
}

/**
 * ZavCharge's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): as when a driver
 * closes their account, the row, its ledger and its sessions stay without identity (no site account, name, e-mail,
 * phone, PIN or RFID card); PIN sessions, reset codes and a registration still waiting for its confirmation go. What
 * the wallet held is recorded as given up. Who had the welcome credit stays, as fingerprints only (#welcome-credit).
 * It spans accounts, sessions and the wallet, so it sits above them, each writing its own rows in this one
 * transaction (docs/decisions/0048-zavcharge-sub-areas.md).
 */
export async function forgetDriver(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten & { forfeitedKobo: number }> {
  await dropPendingRegistration(tx, p.userId);
  const accounts = await tx
    .select({ id: zavchargeAccounts.id, status: zavchargeAccounts.status, balanceKobo: zavchargeAccounts.balanceKobo })
    .from(zavchargeAccounts)
    .where(or(eq(zavchargeAccounts.userId, p.userId), sql`lower(${zavchargeAccounts.email}) = ${p.email.trim().toLowerCase()}`))
    .for("update");
  if (!accounts.length) return { rows: 0, forfeitedKobo: 0 };
  const ids = accounts.map((a) => a.id);
  const forfeitedKobo = accounts.filter((a) => a.status !== "closed").reduce((n, a) => n + a.balanceKobo, 0);
  const now = new Date();
  await eraseDriverAccounts(tx, ids, now);
  const sessions = await forgetSessionIdTags(tx, ids);
  const reasons = await eraseWalletEntryMentions(tx, ids, personNeedles(p));
  return { rows: ids.length + sessions + reasons, forfeitedKobo };
}
