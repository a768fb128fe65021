import { and, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { TApplicationStatus } from "@domain/marketplace/marketplace";
import { allowanceLeftKobo, lagosYearOf, type TIncomeBand, yearlyAllowanceKobo } from "@domain/investments/investment-rules";
import { getDb, type DbOrTx } from "../db/client";
import { investments, investorApplications, investors } from "./schema";

/** What the investor has put in during this Lagos calendar year, cancelled investments apart (docs/product/investments.md#allowance). */
export async function investedThisYearKobo(db: DbOrTx, userId: string, now = new Date()): Promise<number> {
  const year = lagosYearOf(now);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${investments.principalKobo}), 0)` })
    .from(investments)
    .where(
      and(
        eq(investments.userId, userId),
        ne(investments.status, "cancelled"),
        gte(investments.placedAt, year.start),
        lt(investments.placedAt, year.end),
      ),
    );
  return Number(row?.total ?? 0);
}

export type TInvestorAllowance = { year: number; yearlyKobo: number; investedKobo: number; leftKobo: number };

export async function allowanceOf(db: DbOrTx, userId: string, band: TIncomeBand, now = new Date()): Promise<TInvestorAllowance> {
  const investedKobo = await investedThisYearKobo(db, userId, now);
  return {
    year: lagosYearOf(now).year,
    yearlyKobo: yearlyAllowanceKobo(band),
    investedKobo,
    leftKobo: allowanceLeftKobo(band, investedKobo),
  };
}

/** The checked investor (approved), or undefined. */
export async function findInvestor(db: DbOrTx, userId: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(investors).where(eq(investors.userId, userId));
  const [investor] = opts.lock ? await query.for("update") : await query;
  return investor && { ...investor, incomeBand: investor.incomeBand as TIncomeBand };
}

export type TInvestorStanding = {
  application: (typeof investorApplications.$inferSelect & { status: TApplicationStatus }) | null;
  investor: { legalName: string; approvedAt: Date; allowance: TInvestorAllowance } | null;
};

/** The person's latest application and, once approved, their allowance for the year (docs/product/investments.md#applications). */
export async function findInvestorStanding(userId: string): Promise<TInvestorStanding> {
  const db = getDb();
  const [[application], investor] = await Promise.all([
    db
      .select()
      .from(investorApplications)
      .where(eq(investorApplications.userId, userId))
      .orderBy(desc(investorApplications.submittedAt))
      .limit(1),
    findInvestor(db, userId),
  ]);
  return {
    application: application ? { ...application, status: application.status as TApplicationStatus } : null,
    investor: investor
      ? { legalName: investor.legalName, approvedAt: investor.approvedAt, allowance: await allowanceOf(db, userId, investor.incomeBand) }
      : null,
  };
}
