import { and, desc, eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { REFERRAL_POINTS_PER_QUALIFIED, referralBadge, type TCommissionStatus } from "@domain/referrals/commission";
import { referralLink, shortName, type TReferralRefusal } from "@domain/referrals/referral";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { bankName, maskAccountNumber } from "@domain/nigeria/banks";
import { publicUrl } from "../env";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { getCachedSettings } from "../settings/get-settings";
import { zavchargeAccounts } from "../zavcharge/schema";
import { qualifiedReferralCount, referralBalanceKobo } from "./referral-balance";
import { referralCodeFor } from "./referral-code-for";
import { referralCodes, referralCommissions, referralPayoutAccounts, referralPayouts, referrals } from "./schema";

/** Where a friend who joined stands: joined, bought something (commission held), or qualified (a commission approved). */
export type TInvitedState = "signed_up" | "first_purchase" | "qualified" | "under_review";
export type TInvitedPerson = { name: string; joinedAt: Date; refusal: TReferralRefusal | null; state: TInvitedState };

/**
 * What /refer-earn shows a customer (docs/product/refer-and-earn.md#the-page): their code, its openings, who joined and
 * how far they got, the commissions by state, the balance, payouts and points.
 */
export async function getReferralPage(userId: string) {
  const code = await referralCodeFor(userId);
  const db = getDb();
  const settings = await getCachedSettings();
  const [counts] = await db.select({ opens: referralCodes.opens }).from(referralCodes).where(eq(referralCodes.userId, userId));
  const rows = await db
    .select({
      name: users.name,
      boundAt: referrals.boundAt,
      refusal: referrals.refusal,
      status: referrals.status,
      bought: sql<number>`(select count(*)::int from ${referralCommissions} c where c.referral_id = ${referrals.id})`,
      settled: sql<number>`(select count(*)::int from ${referralCommissions} c where c.referral_id = ${referrals.id} and c.status in ('approved', 'paid'))`,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.boundAt))
    .limit(200);
  const invited: TInvitedPerson[] = rows.map((r) => ({
    name: shortName(r.name),
    joinedAt: r.boundAt,
    refusal: r.refusal as TReferralRefusal | null,
    state: r.status === "flagged" ? "under_review" : r.settled > 0 ? "qualified" : r.bought > 0 ? "first_purchase" : "signed_up",
  }));
  const commissions = (
    await db
      .select({
        id: referralCommissions.id,
        friend: users.name,
        amountKobo: referralCommissions.amountKobo,
        status: referralCommissions.status,
        note: referralCommissions.note,
        createdAt: referralCommissions.createdAt,
      })
      .from(referralCommissions)
      .innerJoin(referrals, eq(referrals.id, referralCommissions.referralId))
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(eq(referralCommissions.referrerId, userId))
      .orderBy(desc(referralCommissions.id))
      .limit(100)
  ).map((c) => ({ ...c, friend: shortName(c.friend), status: c.status as TCommissionStatus }));
  const totals = await db
    .select({ status: referralCommissions.status, kobo: sql<string>`sum(${referralCommissions.amountKobo})` })
    .from(referralCommissions)
    .where(eq(referralCommissions.referrerId, userId))
    .groupBy(referralCommissions.status);
  const payouts = await db
    .select({
      id: referralPayouts.id,
      amountKobo: referralPayouts.amountKobo,
      destination: referralPayouts.destination,
      status: referralPayouts.status,
      accountName: referralPayouts.accountName,
      accountNumber: referralPayouts.accountNumber,
      bankReference: referralPayouts.bankReference,
      note: referralPayouts.note,
      createdAt: referralPayouts.createdAt,
    })
    .from(referralPayouts)
    .where(eq(referralPayouts.userId, userId))
    .orderBy(desc(referralPayouts.id))
    .limit(50);
  const [account] = await db
    .select({
      bankCode: referralPayoutAccounts.bankCode,
      accountNumber: referralPayoutAccounts.accountNumber,
      accountName: referralPayoutAccounts.accountName,
      verified: referralPayoutAccounts.accountVerified,
    })
    .from(referralPayoutAccounts)
    .where(eq(referralPayoutAccounts.userId, userId));
  const [wallet] = await db
    .select({ id: zavchargeAccounts.id })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.userId, userId), eq(zavchargeAccounts.status, "active")));
  // The same count the payout checks (the list above shows the latest 200 only).
  const qualified = await qualifiedReferralCount(db, userId);
  const link = referralLink(publicUrl(), code);
  const qrSvg = await QRCode.toString(link, { type: "svg", margin: 1, width: 168 });
  return {
    code,
    link,
    qrSvg,
    opens: counts?.opens ?? 0,
    invited,
    joined: invited.filter((p) => !p.refusal).length,
    commissions,
    totalsByStatus: Object.fromEntries(totals.map((t) => [t.status, Number(t.kobo)])) as Partial<Record<TCommissionStatus, number>>,
    balanceKobo: await referralBalanceKobo(db, userId),
    payouts: payouts.map(({ accountNumber, ...x }) => ({
      ...x,
      status: x.status as TPayoutStatus,
      account: accountNumber ? maskAccountNumber(accountNumber) : null,
    })),
    payoutAccount: account
      ? {
          bank: bankName(account.bankCode) ?? account.bankCode,
          bankCode: account.bankCode,
          accountName: account.accountName,
          masked: maskAccountNumber(account.accountNumber),
          verified: account.verified,
        }
      : null,
    hasWallet: !!wallet,
    qualified,
    points: qualified * REFERRAL_POINTS_PER_QUALIFIED,
    badge: referralBadge(qualified),
    programme: {
      ratePercent: Math.min(settings.referralCommission, settings.maxCommission),
      holdDays: settings.referralHoldDays,
      minPayoutKobo: settings.referralMinPayout,
      minReferrals: settings.minReferrals,
      windowMonths: settings.referralWindowMonths,
    },
  };
}
