import { and, eq, or } from "drizzle-orm";
import { accountState, normaliseSubscriptionCode } from "@domain/zavcharge/accounts/account-rules";
import type { TStartAccount } from "@domain/zavcharge/sessions/start-decision";
import type { DbOrTx } from "../../db/client";
import { subscriptions } from "../../subscriptions/schema";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingSessions } from "./schema";

export type TAccountForStart = { id: number; userId: string | null; code: string; name: string | null; facts: NonNullable<TStartAccount> };

/**
 * An account as the start decision reads it (domain/zavcharge/sessions/start-decision.ts): its state, its balance
 * and whether it charges somewhere already. Found by id, or by an id tag: the account's code (the app's token,
 * e.g. ZAV48213907LEKK) or the RFID card staff registered on it. `lock` takes the account row FOR UPDATE first, so
 * no other start for it slips in before this one's session is written.
 */
export async function accountForStart(
  db: DbOrTx,
  find: { id: number } | { tag: string },
  opts: { now: Date; lock?: boolean },
): Promise<TAccountForStart | null> {
  const query = db
    .select({ account: zavchargeAccounts, expiresAt: subscriptions.expiresAt })
    .from(zavchargeAccounts)
    .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
    .where(
      "id" in find
        ? eq(zavchargeAccounts.id, find.id)
        : or(eq(zavchargeAccounts.code, normaliseSubscriptionCode(find.tag)), eq(zavchargeAccounts.rfidTag, find.tag)),
    )
    .limit(1);
  const [row] = opts.lock ? await query.for("update", { of: zavchargeAccounts }) : await query;
  if (!row) return null;
  const a = row.account;
  const [running] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.accountId, a.id), eq(chargingSessions.status, "active")))
    .limit(1);
  return {
    id: a.id,
    userId: a.userId,
    code: a.code,
    name: a.name,
    facts: {
      state: accountState({ status: a.status, planExpiresAt: row.expiresAt }, opts.now),
      balanceKobo: a.balanceKobo,
      chargingElsewhere: running !== undefined,
    },
  };
}
