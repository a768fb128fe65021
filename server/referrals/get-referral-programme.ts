import { desc, eq, sql } from "drizzle-orm";
import type { TCommissionStatus } from "@domain/referrals/commission";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { referralCodes, referralCommissions, referralLedger, referralPayouts, referrals } from "./schema";

/**
 * The programme's figures for /admin/referrals (docs/product/refer-and-earn.md#admin): links opened, sign-ups, first
 * purchases and the conversion between them, commissions by state, what is owed and paid, top referrers and the latest
 * payouts.
 */
export async function getReferralProgramme() {
  const db = getDb();
  const [opens] = await db.select({ n: sql<string>`coalesce(sum(${referralCodes.opens}), 0)` }).from(referralCodes);
  const [people] = await db
    .select({
      signUps: sql<number>`count(*) filter (where ${referrals.status} <> 'refused')::int`,
      flagged: sql<number>`count(*) filter (where ${referrals.status} = 'flagged')::int`,
      refused: sql<number>`count(*) filter (where ${referrals.status} = 'refused')::int`,
      firstPurchases: sql<number>`count(*) filter (where exists (select 1 from ${referralCommissions} c where c.referral_id = ${referrals.id}))::int`,
    })
    .from(referrals);
  const byStatus = await db
    .select({
      status: referralCommissions.status,
      n: sql<number>`count(*)::int`,
      kobo: sql<string>`sum(${referralCommissions.amountKobo})`,
    })
    .from(referralCommissions)
    .groupBy(referralCommissions.status);
  const [owed] = await db.select({ kobo: sql<string>`coalesce(sum(${referralLedger.amountKobo}), 0)` }).from(referralLedger);
  const [paid] = await db
    .select({ kobo: sql<string>`coalesce(sum(${referralPayouts.amountKobo}), 0)` })
    .from(referralPayouts)
    .where(eq(referralPayouts.status, "paid"));
  const earned = sql<string>`coalesce(sum(${referralCommissions.amountKobo}) filter (where ${referralCommissions.status} in ('approved', 'paid')), 0)`;
  const top = await db
    .select({
      name: users.name,
      email: users.email,
      earnedKobo: earned,
      commissions: sql<number>`count(*)::int`,
    })
    .from(referralCommissions)
    .innerJoin(users, eq(users.id, referralCommissions.referrerId))
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(earned))
    .limit(10);
  const payouts = await db
    .select({
      id: referralPayouts.id,
      name: users.name,
      email: users.email,
      amountKobo: referralPayouts.amountKobo,
      destination: referralPayouts.destination,
      status: referralPayouts.status,
      createdAt: referralPayouts.createdAt,
    })
    .from(referralPayouts)
    .innerJoin(users, eq(users.id, referralPayouts.userId))
    .orderBy(desc(referralPayouts.id))
    .limit(20);
  const signUps = people?.signUps ?? 0;
  const firstPurchases = people?.firstPurchases ?? 0;
  return {
    linkOpens: Number(opens?.n ?? 0),
    signUps,
    firstPurchases,
    conversionPercent: signUps > 0 ? Math.round((firstPurchases / signUps) * 1000) / 10 : 0,
    flagged: people?.flagged ?? 0,
    refused: people?.refused ?? 0,
    commissions: Object.fromEntries(byStatus.map((r) => [r.status, { count: r.n, kobo: Number(r.kobo) }])) as Partial<
      Record<TCommissionStatus, { count: number; kobo: number }>
    >,
    owedKobo: Number(owed?.kobo ?? 0),
    paidKobo: Number(paid?.kobo ?? 0),
    top: top.map((t) => ({ ...t, earnedKobo: Number(t.earnedKobo) })),
    payouts,
  };
}

/** Any referrer's ledger, found by e-mail (admin): every approval, reversal and payout with the balance after it. */
export async function getReferrerLedger(email: string) {
  const db = getDb();
  const [person] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!person) return null;
  const entries = await db
    .select({
      id: referralLedger.id,
      kind: referralLedger.kind,
      amountKobo: referralLedger.amountKobo,
      reference: referralLedger.reference,
      createdAt: referralLedger.createdAt,
    })
    .from(referralLedger)
    .where(eq(referralLedger.userId, person.id))
    .orderBy(referralLedger.id);
  let balance = 0;
  const withBalance = entries.map((e) => ({ ...e, balanceAfterKobo: (balance += e.amountKobo) }));
  return { person, entries: withBalance.reverse().slice(0, 200), balanceKobo: balance };
}
