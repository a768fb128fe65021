import { desc, eq } from "drizzle-orm";
import { accountState } from "@domain/zavcharge/accounts/account-rules";
import { getDb } from "../../db/client";
import { subscriptions } from "../../subscriptions/schema";
import { listAccountSessions } from "../sessions/list-sessions";
import { zavchargeAccounts, zavchargePlans } from "../accounts/schema";
import { zavchargeWalletEntries } from "../wallet/schema";

/** One account for the staff: details, the ledger with the balance after each row (newest first), its sessions. */
export async function getSubscriber(code: string, now = new Date()) {
  const [row] = await getDb()
    .select({ account: zavchargeAccounts, planName: zavchargePlans.name, expiresAt: subscriptions.expiresAt })
    .from(zavchargeAccounts)
    .innerJoin(zavchargePlans, eq(zavchargePlans.id, zavchargeAccounts.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
    .where(eq(zavchargeAccounts.code, code.trim().toUpperCase()));
  if (!row) return null;
  const a = row.account;
  const [ledger, sessions] = await Promise.all([
    getDb()
      .select({
        id: zavchargeWalletEntries.id,
        kind: zavchargeWalletEntries.kind,
        amountKobo: zavchargeWalletEntries.amountKobo,
        balanceAfterKobo: zavchargeWalletEntries.balanceAfterKobo,
        description: zavchargeWalletEntries.description,
        reason: zavchargeWalletEntries.reason,
        createdAt: zavchargeWalletEntries.createdAt,
      })
      .from(zavchargeWalletEntries)
      .where(eq(zavchargeWalletEntries.accountId, a.id))
      .orderBy(desc(zavchargeWalletEntries.id))
      .limit(200),
    listAccountSessions(a.id, 100),
  ]);
  return {
    account: {
      id: a.id,
      code: a.code,
      name: a.name ?? "",
      email: a.email ?? "",
      phone: a.phone ?? "",
      status: a.status,
      state: accountState({ status: a.status, planExpiresAt: row.expiresAt }, now),
      suspendedReason: a.suspendedReason,
      balanceKobo: a.balanceKobo,
      planName: row.planName,
      planExpiresAt: row.expiresAt,
      createdAt: a.createdAt,
      closedAt: a.closedAt,
    },
    ledger,
    sessions,
  };
}
