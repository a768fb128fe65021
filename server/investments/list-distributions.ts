import type { TDistributionPaymentStatus, TDistributionShareFigures } from "@domain/investments/investment-rules";
import { alias } from "drizzle-orm/pg-core";
import { desc, eq, sql } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { distributionDeclarations, distributionPayments, investmentTiers } from "./schema";

export type TDeclarationRow = typeof distributionDeclarations.$inferSelect & {
  tierName: string;
  declaredByName: string;
  decidedByName: string | null;
  payments: number;
  scheduled: number;
  sending: number;
  reinvested: number;
  /** Why transfers of shares still to be paid did not go through, each reason once. */
  transferNotes: string[];
};

/**
 * Every declared distribution, newest first, with who declared and decided it and how its shares stand: to be paid
 * (with why a transfer failed), on their way, reinvested.
 */
export async function listDistributions(): Promise<TDeclarationRow[]> {
  const decider = alias(users, "decider");
  const counts = getDb()
    .select({
      declarationId: distributionPayments.declarationId,
      payments: sql<number>`count(*)::int`.as("payments"),
      scheduled: sql<number>`count(*) filter (where ${distributionPayments.status} = 'scheduled')::int`.as("scheduled"),
      sending: sql<number>`count(*) filter (where ${distributionPayments.status} = 'sending')::int`.as("sending"),
      reinvested: sql<number>`count(*) filter (where ${distributionPayments.status} = 'reinvested')::int`.as("reinvested"),
      transferNotes: sql<
        string[]
      >`coalesce(array_agg(distinct ${distributionPayments.transferNote}) filter (where ${distributionPayments.status} = 'scheduled' and ${distributionPayments.transferNote} is not null), '{}')`.as(
        "transfer_notes",
      ),
    })
    .from(distributionPayments)
    .groupBy(distributionPayments.declarationId)
    .as("counts");
  const rows = await getDb()
    .select({
      declaration: distributionDeclarations,
      tierName: investmentTiers.name,
      declaredByName: users.name,
      decidedByName: decider.name,
      payments: counts.payments,
      scheduled: counts.scheduled,
      sending: counts.sending,
      reinvested: counts.reinvested,
      transferNotes: counts.transferNotes,
    })
    .from(distributionDeclarations)
    .innerJoin(investmentTiers, eq(investmentTiers.id, distributionDeclarations.tierId))
    .innerJoin(users, eq(users.id, distributionDeclarations.declaredBy))
    .leftJoin(decider, eq(decider.id, distributionDeclarations.decidedBy))
    .leftJoin(counts, eq(counts.declarationId, distributionDeclarations.id))
    .orderBy(desc(distributionDeclarations.declaredAt), desc(distributionDeclarations.id))
    .limit(100);
  return rows.map((r) => ({
    ...r.declaration,
    tierName: r.tierName,
    declaredByName: r.declaredByName,
    decidedByName: r.decidedByName,
    payments: r.payments ?? 0,
    scheduled: r.scheduled ?? 0,
    sending: r.sending ?? 0,
    reinvested: r.reinvested ?? 0,
    transferNotes: r.transferNotes ?? [],
  }));
}

/** An investor's share of an approved distribution: the period, the amounts, and how it was paid. */
export type TDistributionShare = TDistributionShareFigures & { approvedAt: Date; paidAt: Date | null };

/** A payment's share of its declaration, which is approved (so decided). */
export const distributionShare = (
  p: Pick<typeof distributionPayments.$inferSelect, "grossKobo" | "withholdingKobo" | "netKobo" | "status" | "paidAt">,
  d: Pick<typeof distributionDeclarations.$inferSelect, "periodStart" | "periodEnd" | "decidedAt">,
): TDistributionShare => ({
  periodStart: d.periodStart,
  periodEnd: d.periodEnd,
  grossKobo: p.grossKobo,
  withholdingKobo: p.withholdingKobo,
  netKobo: p.netKobo,
  status: p.status as TDistributionPaymentStatus,
  approvedAt: d.decidedAt!,
  paidAt: p.paidAt,
});

export type TReceivedDistribution = { id: number; investmentId: number; tierName: string } & TDistributionShare;

/** The investor's shares of approved distributions, newest period first (docs/product/investments.md#dashboard). */
export async function listReceivedDistributions(userId: string): Promise<TReceivedDistribution[]> {
  const rows = await getDb()
    .select({ payment: distributionPayments, declaration: distributionDeclarations, tierName: investmentTiers.name })
    .from(distributionPayments)
    .innerJoin(distributionDeclarations, eq(distributionDeclarations.id, distributionPayments.declarationId))
    .innerJoin(investmentTiers, eq(investmentTiers.id, distributionDeclarations.tierId))
    .where(eq(distributionPayments.userId, userId))
    .orderBy(desc(distributionDeclarations.periodStart), desc(distributionPayments.id));
  return rows.map(({ payment: p, declaration: d, tierName }) => ({
    id: p.id,
    investmentId: p.investmentId,
    tierName,
    ...distributionShare(p, d),
  }));
}
