import { and, eq, or } from "drizzle-orm";
import { ZIdTag } from "@domain/zavcharge/chargers/charger-input";
import { accountState, normaliseSubscriptionCode } from "@domain/zavcharge/accounts/account-rules";
import { MIN_START_BALANCE_KOBO } from "@domain/zavcharge/sessions/session-rules";
import { getDb, type DbOrTx } from "../../db/client";
import { subscriptions } from "../../subscriptions/schema";
import { chargingSessions, zavchargeAccounts } from "../schema";

export type TIdTagStatus = "Accepted" | "Blocked" | "Invalid" | "ConcurrentTx";
export type TIdTagInfo = { status: TIdTagStatus };
export type TIdTagVerdict = { status: TIdTagStatus; accountId: number | null; userId: string | null };

/**
 * Who an id tag is and whether they may charge now (docs/product/zavcharge.md#chargers). A tag is the account's
 * code (the app's token, e.g. ZAV48213907LEKK) or the RFID card staff registered on it. Unknown or closed:
 * Invalid. Suspended, plan expired or balance below the ₦500 to start: Blocked (OCPP 1.6 has no "no credit").
 * Already charging (any station): ConcurrentTx. `lock` takes the account row FOR UPDATE, for a start.
 */
export async function idTagVerdict(db: DbOrTx, rawTag: string, opts: { now?: Date; lock?: boolean } = {}): Promise<TIdTagVerdict> {
  const parsed = ZIdTag.safeParse(rawTag);
  if (!parsed.success) return { status: "Invalid", accountId: null, userId: null };
  const tag = parsed.data;
  const now = opts.now ?? new Date();
  const query = db
    .select({ account: zavchargeAccounts, expiresAt: subscriptions.expiresAt })
    .from(zavchargeAccounts)
    .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
    .where(or(eq(zavchargeAccounts.code, normaliseSubscriptionCode(tag)), eq(zavchargeAccounts.rfidTag, tag)))
    .limit(1);
  const [row] = opts.lock ? await query.for("update", { of: zavchargeAccounts }) : await query;
  if (!row) return { status: "Invalid", accountId: null, userId: null };
  const a = row.account;
  const who = { accountId: a.id, userId: a.userId };
  const state = accountState({ status: a.status, planExpiresAt: row.expiresAt }, now);
  if (state === "closed") return { status: "Invalid", ...who };
  if (state !== "active" || a.balanceKobo < MIN_START_BALANCE_KOBO) return { status: "Blocked", ...who };
  const [running] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.accountId, a.id), eq(chargingSessions.status, "active")))
    .limit(1);
  if (running) return { status: "ConcurrentTx", ...who };
  return { status: "Accepted", ...who };
}

/** Authorize (OCPP): the tag's verdict, as idTagInfo. */
export async function authorizeIdTag(idTag: string, now = new Date()): Promise<{ idTagInfo: TIdTagInfo }> {
  const verdict = await idTagVerdict(getDb(), idTag, { now });
  return { idTagInfo: { status: verdict.status } };
}
