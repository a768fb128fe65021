import { and, asc, count, desc, eq, ilike, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { accountState, type TAccountState } from "@domain/zavcharge/accounts/account-rules";
import type { TSubscriberSearch } from "@domain/zavcharge/sessions/session-input";
import { getDb } from "../../db/client";
import { subscriptions } from "../../subscriptions/schema";
import { zavchargeAccounts, zavchargePlans } from "./schema";

export const SUBSCRIBERS_PAGE_SIZE = 25;

export type TSubscriberRow = {
  code: string;
  name: string;
  email: string;
  phone: string;
  state: TAccountState;
  balanceKobo: number;
  planName: string;
  planExpiresAt: Date | null;
  createdAt: Date;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The staff's list of ZavCharge accounts: search by id, name, e-mail or phone, filter by state, newest first. */
export async function listSubscribers(search: TSubscriberSearch, now = new Date()) {
  const where: SQL[] = [];
  if (search.q) {
    const like = `%${escapeLike(search.q)}%`;
    where.push(
      or(
        ilike(zavchargeAccounts.code, like),
        ilike(zavchargeAccounts.name, like),
        ilike(zavchargeAccounts.email, like),
        ilike(zavchargeAccounts.phone, like),
      )!,
    );
  }
  const expired = or(isNull(subscriptions.expiresAt), lte(subscriptions.expiresAt, now))!;
  if (search.status === "closed" || search.status === "suspended") where.push(eq(zavchargeAccounts.status, search.status));
  if (search.status === "active") where.push(and(eq(zavchargeAccounts.status, "active"), sql`not (${expired})`)!);
  if (search.status === "expired") where.push(and(eq(zavchargeAccounts.status, "active"), expired)!);

  const base = () =>
    getDb()
      .select({
        account: zavchargeAccounts,
        planName: zavchargePlans.name,
        expiresAt: subscriptions.expiresAt,
      })
      .from(zavchargeAccounts)
      .innerJoin(zavchargePlans, eq(zavchargePlans.id, zavchargeAccounts.planId))
      .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
      .where(and(...where));
  const [rows, [total]] = await Promise.all([
    base()
      .orderBy(desc(zavchargeAccounts.createdAt), asc(zavchargeAccounts.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((search.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    getDb()
      .select({ n: count() })
      .from(zavchargeAccounts)
      .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
      .where(and(...where)),
  ]);
  return {
    rows: rows.map((r): TSubscriberRow => ({
      code: r.account.code,
      name: r.account.name ?? "",
      email: r.account.email ?? "",
      phone: r.account.phone ?? "",
      state: accountState({ status: r.account.status, planExpiresAt: r.expiresAt }, now),
      balanceKobo: r.account.balanceKobo,
      planName: r.planName,
      planExpiresAt: r.expiresAt,
      createdAt: r.account.createdAt,
    })),
    total: total?.n ?? 0,
    page: search.page,
    pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / SUBSCRIBERS_PAGE_SIZE)),
  };
}
