import { desc, eq } from "drizzle-orm";
import {
  investmentReference,
  nextDistributionDate,
  nextInvestmentStatus,
  type TDistributionFrequency,
  type TInvestmentStatus,
} from "@domain/investments/investment-rules";
import { getDb } from "../db/client";
import { allowanceOf, findInvestor, type TInvestorAllowance } from "./investor-standing";
import { reinvestedKoboByInvestment } from "./reinvested-kobo";
import { investments } from "./schema";

export type TInvestmentRow = {
  id: number;
  reference: string;
  tierId: number;
  tierName: string;
  principalKobo: number;
  status: TInvestmentStatus;
  placedAt: Date;
  activatedAt: Date | null;
  maturesAt: Date | null;
  nextDistributionAt: Date | null;
  expectedReturnBasisPoints: number;
  distributionFrequency: TDistributionFrequency;
  /** Whether the agreement can be downloaded: the investment started. */
  hasAgreement: boolean;
  /** Whether the investor may ask for the principal back now, or already did (docs/product/investments.md#redemption). */
  redemption: "available" | "requested" | null;
  /** Whether its distributions are added to it (docs/product/investments.md#reinvesting), and what has been so far. */
  reinvest: boolean;
  reinvestedKobo: number;
  /** Whether the investor may change that choice now: only while it runs. */
  reinvestChoosable: boolean;
};

export type TInvestorDashboard = {
  investor: { legalName: string } | null;
  allowance: TInvestorAllowance | null;
  investments: TInvestmentRow[];
  /** Principal still invested (active and matured, not yet paid back), by tier, with what was reinvested in it. */
  principalByTier: { tierId: number; tierName: string; principalKobo: number }[];
  principalKobo: number;
};

const HOLDING: readonly TInvestmentStatus[] = ["active", "matured"];

/** An investor's register as they see it (docs/product/investments.md#dashboard). */
export async function getInvestorDashboard(userId: string, now = new Date()): Promise<TInvestorDashboard> {
  const db = getDb();
  const [investor, rows] = await Promise.all([
    findInvestor(db, userId),
    db.select().from(investments).where(eq(investments.userId, userId)).orderBy(desc(investments.placedAt), desc(investments.id)),
  ]);
  const reinvested = await reinvestedKoboByInvestment(
    db,
    rows.map((i) => i.id),
  );
  const list: TInvestmentRow[] = rows.map((i) => {
    const status = i.status as TInvestmentStatus;
    const frequency = i.terms.distributionFrequency;
    return {
      id: i.id,
      reference: investmentReference(i.id, i.placedAt),
      tierId: i.tierId,
      tierName: i.terms.tierName,
      principalKobo: i.principalKobo,
      status,
      placedAt: i.placedAt,
      activatedAt: i.activatedAt,
      maturesAt: i.maturesAt,
      nextDistributionAt:
        status === "active" && i.activatedAt && i.maturesAt ? nextDistributionDate(i.activatedAt, frequency, i.maturesAt, now) : null,
      expectedReturnBasisPoints: i.terms.expectedReturnBasisPoints,
      distributionFrequency: frequency,
      hasAgreement: i.activatedAt !== null,
      reinvest: i.reinvest,
      reinvestedKobo: reinvested.get(i.id) ?? 0,
      reinvestChoosable: status === "active" && !i.redemptionRequestedAt,
      redemption: i.redemptionRequestedAt
        ? status === "redeemed"
          ? null
          : "requested"
        : nextInvestmentStatus(status, status === "active" ? "redeem_early" : "redeem", {
              now,
              lockUpEndsAt: i.lockUpEndsAt ?? now,
              earlyRedemptionAllowed: i.terms.earlyRedemption,
            })
          ? "available"
          : null,
    };
  });
  const byTier = new Map<number, { tierId: number; tierName: string; principalKobo: number }>();
  for (const r of list.filter((r) => HOLDING.includes(r.status))) {
    const entry = byTier.get(r.tierId) ?? { tierId: r.tierId, tierName: r.tierName, principalKobo: 0 };
    entry.principalKobo += r.principalKobo + r.reinvestedKobo;
    byTier.set(r.tierId, entry);
  }
  const principalByTier = [...byTier.values()];
  return {
    investor: investor ? { legalName: investor.legalName } : null,
    allowance: investor ? await allowanceOf(db, userId, investor.incomeBand, now) : null,
    investments: list,
    principalByTier,
    principalKobo: principalByTier.reduce((sum, t) => sum + t.principalKobo, 0),
  };
}
