import { and, asc, eq, gte, isNotNull, isNull, lt, or } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { investmentReference, lagosYearOf, type TInvestmentStatus } from "@domain/investments/investment-rules";
import { getDb } from "../db/client";
import { getSettings } from "../settings/get-settings";
import { findInvestor } from "./investor-standing";
import { distributionShare, type TDistributionShare } from "./list-distributions";
import { distributionDeclarations, distributionPayments, investments } from "./schema";

// An investor's annual statement (docs/product/investments.md#distributions, #dashboard): for one Lagos calendar
// year, the investments they held, the distributions approved for them in it, with withholding tax as its own line,
// and the totals. Rendered as CSV and PDF by render-investor-statement.ts.

/** The first year a statement can be asked for. */
export const FIRST_STATEMENT_YEAR = 2020;

export type TStatementInvestment = {
  reference: string;
  tierName: string;
  principalKobo: number;
  status: TInvestmentStatus;
  startedAt: Date | null;
  maturesAt: Date | null;
};

export type TStatementDistribution = TDistributionShare & {
  tierName: string;
  /** The investment it was paid on. */
  reference: string;
  /** The bank's reference of the transfer that paid it. */
  bankReference: string | null;
};

export type TInvestorStatement = {
  year: number;
  generatedAt: Date;
  investor: { legalName: string; address: string; state: string; lga: string };
  investments: TStatementInvestment[];
  distributions: TStatementDistribution[];
  /** reinvestedKobo: the part of the net added to the investments instead of paid out. */
  totals: { grossKobo: number; withholdingKobo: number; netKobo: number; reinvestedKobo: number };
  /**
   * The withholding rate in basis points: the one the year's distributions were taxed at, or the rate in settings when
   * there were none; null when they were taxed at different rates.
   */
  withholdingBasisPoints: number | null;
  /** "Withholding tax (10%)": the totals' line. */
  withholdingLabel: string;
  /** A sentence on how withholding tax was applied. */
  withholdingNote: string;
  /** The company's registration details (a setting). */
  registration: string;
};

const percent = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2 });
const ratePercent = (basisPoints: number) => `${percent.format(basisPoints / 100)}%`;

/**
 * The signed-in investor's statement for a Lagos calendar year: refused with not_found for a year before 2020 or after
 * the current Lagos year, or for someone who is not an investor. Only this user's rows are read.
 */
export async function getInvestorStatement(
  userId: string,
  year: number,
  now = new Date(),
): Promise<TResult<{ statement: TInvestorStatement }>> {
  const current = lagosYearOf(now).year;
  if (!Number.isInteger(year) || year < FIRST_STATEMENT_YEAR || year > current)
    return refuse("not_found", "There is no statement for that year.");
  const db = getDb();
  const investor = await findInvestor(db, userId);
  if (!investor) return refuse("not_found", "There is no statement for that year.");
  // Any instant of the year gives its bounds; noon on 1 July is well inside it.
  const { start, end } = lagosYearOf(new Date(Date.UTC(year, 6, 1, 12)));

  // Named columns only: the rows the statement shows, nothing else of the register.
  const investment = {
    id: investments.id,
    placedAt: investments.placedAt,
    terms: investments.terms,
    principalKobo: investments.principalKobo,
    status: investments.status,
    activatedAt: investments.activatedAt,
    maturesAt: investments.maturesAt,
  };
  const [held, paid, settings] = await Promise.all([
    db
      .select(investment)
      .from(investments)
      .where(
        and(
          eq(investments.userId, userId),
          isNotNull(investments.activatedAt),
          lt(investments.activatedAt, end),
          or(isNull(investments.endedAt), gte(investments.endedAt, start)),
        ),
      )
      .orderBy(asc(investments.activatedAt), asc(investments.id)),
    db
      .select({
        payment: {
          id: distributionPayments.id,
          grossKobo: distributionPayments.grossKobo,
          withholdingKobo: distributionPayments.withholdingKobo,
          netKobo: distributionPayments.netKobo,
          status: distributionPayments.status,
          paidAt: distributionPayments.paidAt,
          reference: distributionPayments.reference,
        },
        declaration: {
          periodStart: distributionDeclarations.periodStart,
          periodEnd: distributionDeclarations.periodEnd,
          decidedAt: distributionDeclarations.decidedAt,
          withholdingBasisPoints: distributionDeclarations.withholdingBasisPoints,
        },
        investment: { id: investments.id, placedAt: investments.placedAt, terms: investments.terms },
      })
      .from(distributionPayments)
      .innerJoin(distributionDeclarations, eq(distributionDeclarations.id, distributionPayments.declarationId))
      .innerJoin(investments, eq(investments.id, distributionPayments.investmentId))
      .where(
        and(
          eq(distributionPayments.userId, userId),
          eq(distributionDeclarations.status, "approved"),
          gte(distributionDeclarations.decidedAt, start),
          lt(distributionDeclarations.decidedAt, end),
        ),
      )
      .orderBy(asc(distributionDeclarations.periodStart), asc(distributionPayments.id)),
    getSettings(db),
  ]);

  const distributions: TStatementDistribution[] = paid.map(({ payment: p, declaration: d, investment: i }) => ({
    ...distributionShare(p, d),
    tierName: i.terms.tierName,
    reference: investmentReference(i.id, i.placedAt),
    bankReference: p.reference,
  }));
  const totals = distributions.reduce(
    (sum, d) => ({
      grossKobo: sum.grossKobo + d.grossKobo,
      withholdingKobo: sum.withholdingKobo + d.withholdingKobo,
      netKobo: sum.netKobo + d.netKobo,
      reinvestedKobo: sum.reinvestedKobo + (d.status === "reinvested" ? d.netKobo : 0),
    }),
    { grossKobo: 0, withholdingKobo: 0, netKobo: 0, reinvestedKobo: 0 },
  );

  const rates = [...new Set(paid.map((r) => r.declaration.withholdingBasisPoints ?? settings.investmentWithholdingBasisPoints))];
  const rate = rates.length === 0 ? settings.investmentWithholdingBasisPoints : rates.length === 1 ? rates[0]! : null;
  const withholdingLabel = rate === null ? "Withholding tax" : `Withholding tax (${ratePercent(rate)})`;
  const withholdingNote =
    rate === null
      ? "Withholding tax was deducted from each distribution before payment, at the rate in force when it was approved."
      : rate > 0
        ? `Withholding tax at ${ratePercent(rate)} is deducted from each distribution before payment.`
        : "No withholding tax was deducted from distributions.";

  return succeed({
    statement: {
      year,
      generatedAt: now,
      investor: { legalName: investor.legalName, address: investor.address, state: investor.state, lga: investor.lga },
      investments: held.map((i) => ({
        reference: investmentReference(i.id, i.placedAt),
        tierName: i.terms.tierName,
        principalKobo: i.principalKobo,
        status: i.status as TInvestmentStatus,
        startedAt: i.activatedAt,
        maturesAt: i.maturesAt,
      })),
      distributions,
      totals,
      withholdingBasisPoints: rate,
      withholdingLabel,
      withholdingNote,
      registration: settings.investmentRegistration,
    },
  });
}
