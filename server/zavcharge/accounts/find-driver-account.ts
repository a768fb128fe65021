import { and, eq, gt, ne } from "drizzle-orm";
import { accountState, type TAccountState, type TDriverSignIn } from "@domain/zavcharge/accounts/account-rules";
import { getDb } from "../../db/client";
import { subscriptions } from "../../subscriptions/schema";
import { hashSessionToken } from "./pin-session-cookie";
import { zavchargeAccounts, zavchargePinSessions, zavchargePlans } from "./schema";

export type TDriverAccount = {
  id: number;
  code: string;
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  state: TAccountState;
  status: string;
  balanceKobo: number;
  plan: { id: number; code: string; name: string; priceKobo: number; periodDays: number };
  planExpiresAt: Date | null;
  subscriptionId: number | null;
  createdAt: Date;
  /** The welcome waits for the driver to prove the phone with its texted code (docs/product/zavcharge.md#welcome-credit). */
  welcomeAwaitsPhone: boolean;
  /** How the driver is signed in: the site account's password, or a PIN session (dashboard only). */
  via: TDriverSignIn;
};

async function load(where: ReturnType<typeof eq>, via: TDriverAccount["via"]): Promise<TDriverAccount | null> {
  const [row] = await getDb()
    .select({ account: zavchargeAccounts, plan: zavchargePlans, expiresAt: subscriptions.expiresAt })
    .from(zavchargeAccounts)
    .innerJoin(zavchargePlans, eq(zavchargePlans.id, zavchargeAccounts.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
    .where(and(where, ne(zavchargeAccounts.status, "closed")));
  if (!row) return null;
  const a = row.account;
  return {
    id: a.id,
    code: a.code,
    userId: a.userId,
    name: a.name ?? "",
    email: a.email ?? "",
    phone: a.phone ?? "",
    state: accountState({ status: a.status, planExpiresAt: row.expiresAt }, new Date()),
    status: a.status,
    balanceKobo: a.balanceKobo,
    plan: { id: row.plan.id, code: row.plan.code, name: row.plan.name, priceKobo: row.plan.priceKobo, periodDays: row.plan.periodDays },
    planExpiresAt: row.expiresAt,
    subscriptionId: a.subscriptionId,
    createdAt: a.createdAt,
    welcomeAwaitsPhone: a.welcomeAwaitsPhone,
    via,
  };
}

/** The open ZavCharge account of a site account, if it has one. */
export function findDriverAccountForUser(userId: string): Promise<TDriverAccount | null> {
  return load(eq(zavchargeAccounts.userId, userId), "password");
}

/** The account of a live PIN session, from the cookie's token. */
export async function findDriverAccountForPinToken(token: string): Promise<TDriverAccount | null> {
  const [session] = await getDb()
    .select({ accountId: zavchargePinSessions.accountId })
    .from(zavchargePinSessions)
    .where(and(eq(zavchargePinSessions.tokenHash, hashSessionToken(token)), gt(zavchargePinSessions.expiresAt, new Date())));
  return session ? load(eq(zavchargeAccounts.id, session.accountId), "pin") : null;
}

/** The account by its id (staff screens, attendants): any state but closed. */
export function findDriverAccountByCode(code: string): Promise<TDriverAccount | null> {
  return load(eq(zavchargeAccounts.code, code), "pin");
}
