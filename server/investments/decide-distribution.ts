import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { fourEyesRefusal } from "@domain/access/admin-grants";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TDistributionDecision } from "@domain/investments/investment-input";
import { applyRate, earningPrincipalKobo, splitPool, withholdingKobo, type TDistributionShare } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { addDays, lagosDayStart } from "@domain/time/lagos-time";
import { readAdminTenures } from "../auth/admin-tenure";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { getSettings } from "../settings/get-settings";
import { distributionDeclarations, distributionPayments, investments, investmentTiers } from "./schema";

/**
 * A second admin approves or rejects a declared distribution (docs/product/investments.md#distributions); the declarer
 * cannot. On approval, once (the declaration is locked and must still await approval), each investment held in the
 * period gets its share: pro rata by principal × days for a pool, or the yearly rate × days for a rate (the principal
 * with what was reinvested before the period). A share is reinvested where the investor chose so. Withholding
 * tax at the rate in settings is kept with each share; the rounding's leftover kobo is recorded, not paid. Each
 * investor is notified. Both decisions are audited.
 */
export async function decideDistribution(
  admin: TViewer,
  input: TDistributionDecision,
): Promise<TResult<{ tierName: string; approved: boolean; totalKobo: number; investors: number }>> {
  const settings = await getSettings();
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ declaration: distributionDeclarations, tier: investmentTiers })
      .from(distributionDeclarations)
      .innerJoin(investmentTiers, eq(investmentTiers.id, distributionDeclarations.tierId))
      .where(eq(distributionDeclarations.id, input.declarationId))
      .for("update", { of: distributionDeclarations });
    if (!row) return refuse("not_found", "That declaration does not exist.");
    const { declaration: d, tier } = row;
    if (d.status !== "awaiting_approval") return refuse("conflict", "This distribution has already been decided.");
    if (d.declaredBy === admin.id) return refuse("forbidden", "You declared this distribution: a second admin must approve or reject it.");
    if (input.decision === "approve") {
      // Four eyes are two people (docs/product/investments.md#distributions): both admins of standing before it was
      // declared, neither made an admin by the other.
      const tenures = await readAdminTenures(tx, [d.declaredBy, admin.id]);
      const refusal = fourEyesRefusal(
        { id: d.declaredBy, tenure: tenures.get(d.declaredBy)! },
        { id: admin.id, tenure: tenures.get(admin.id)! },
        d.declaredAt,
      );
      if (refusal) {
        await recordAudit(tx, {
          actorId: admin.id,
          action: "investments.distribution.approve_refused",
          resourceType: "distribution_declaration",
          resourceId: String(d.id),
          newData: { declaredBy: d.declaredBy, reason: refusal },
        });
        return refuse("forbidden", refusal);
      }
    }
    const decided = { decidedBy: admin.id, decidedAt: new Date() };
    if (input.decision === "reject") {
      await tx
        .update(distributionDeclarations)
        .set({ ...decided, status: "rejected", rejectionReason: input.reason })
        .where(eq(distributionDeclarations.id, d.id));
      await recordAudit(tx, {
        actorId: admin.id,
        action: "investments.distribution.reject",
        resourceType: "distribution_declaration",
        resourceId: String(d.id),
        oldData: { status: d.status },
        newData: { status: "rejected", reason: input.reason },
      });
      return succeed({ tierName: tier.name, approved: false, totalKobo: 0, investors: 0 });
    }

    const periodStart = lagosDayStart(d.periodStart);
    const periodEnd = lagosDayStart(d.periodEnd);
    // Every investment held for part of the period: started before its end, and not ended (redeemed) before its start.
    const held = await tx
      .select()
      .from(investments)
      .where(
        and(
          eq(investments.tierId, tier.id),
          inArray(investments.status, ["active", "matured", "redeemed"]),
          lt(investments.activatedAt, periodEnd),
          or(isNull(investments.endedAt), gt(investments.endedAt, periodStart)),
        ),
      )
      .for("update");
    // Distributions reinvested from periods ended by this one's start earn with the principal (investments.md#reinvesting).
    const reinvested =
      held.length === 0
        ? []
        : await tx
            .select({
              investmentId: distributionPayments.investmentId,
              netKobo: distributionPayments.netKobo,
              periodEnd: distributionDeclarations.periodEnd,
            })
            .from(distributionPayments)
            .innerJoin(distributionDeclarations, eq(distributionDeclarations.id, distributionPayments.declarationId))
            .where(
              and(
                inArray(
                  distributionPayments.investmentId,
                  held.map((i) => i.id),
                ),
                eq(distributionPayments.status, "reinvested"),
              ),
            );
    const holdings = held.map((i) => ({
      investmentId: i.id,
      principalKobo: earningPrincipalKobo(
        i.principalKobo,
        reinvested.filter((r) => r.investmentId === i.id),
        d.periodStart,
      ),
      start: i.activatedAt!,
      end: i.endedAt,
    }));
    let shares: TDistributionShare[];
    let remainderKobo: number;
    if (d.basis === "pool") ({ shares, remainderKobo } = splitPool(d.poolKobo!, holdings, periodStart, periodEnd));
    else ({ shares, remainderKobo } = applyRate(d.rateBasisPoints!, holdings, periodStart, periodEnd));
    const rate = settings.investmentWithholdingBasisPoints;
    const byId = new Map(held.map((i) => [i.id, i]));
    // Reinvested only into an investment still running: one matured, redeemed or asked back is paid to the bank.
    const reinvests = (i: (typeof held)[number]) => i.reinvest && i.status === "active" && !i.redemptionRequestedAt;
    const payments = shares
      .filter((s) => s.amountKobo > 0)
      .map((s) => {
        const tax = withholdingKobo(s.amountKobo, rate);
        const investment = byId.get(s.investmentId)!;
        return {
          declarationId: d.id,
          investmentId: s.investmentId,
          userId: investment.userId,
          ...(reinvests(investment) ? { status: "reinvested", paidAt: decided.decidedAt } : { status: "scheduled" }),
          days: s.days,
          grossKobo: s.amountKobo,
          withholdingKobo: tax,
          netKobo: s.amountKobo - tax,
        };
      });
    if (payments.length > 0) await tx.insert(distributionPayments).values(payments);
    const totalKobo = payments.reduce((sum, p) => sum + p.grossKobo, 0);
    // A pool nobody held in the period is all remainder: nothing is paid.
    await tx
      .update(distributionDeclarations)
      .set({ ...decided, status: "approved", totalKobo, remainderKobo, withholdingBasisPoints: rate })
      .where(eq(distributionDeclarations.id, d.id));

    const lastDay = addDays(d.periodEnd, -1);
    for (const p of payments) {
      const [{ received } = { received: "0" }] = await tx
        .select({ received: sql<string>`coalesce(sum(${distributionPayments.netKobo}), 0)` })
        .from(distributionPayments)
        .where(eq(distributionPayments.investmentId, p.investmentId));
      await notifyUser(tx, {
        userId: p.userId,
        type: "investment",
        title: `A distribution from ${tier.name}`,
        message: `${formatKobo(p.netKobo)} for ${d.periodStart} to ${lastDay}${p.withholdingKobo > 0 ? `, after ${formatKobo(p.withholdingKobo)} withholding tax` : ""}. ${p.status === "reinvested" ? "It is added to your investment, as you chose." : "It is paid to your bank account."}`,
        link: "/investor-dashboard",
        emailCopy: true,
        emailSubject: `A distribution from ${tier.name}`,
        // What an investment's notification carries (docs/product/investments.md#notifications); the return is what was paid.
        metadata: {
          amount: p.netKobo,
          tier: tier.name,
          expectedROI: tier.expectedReturnBasisPoints / 100,
          totalReturn: Number(received),
          declarationId: d.id,
        },
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: "investments.distribution.approve",
      resourceType: "distribution_declaration",
      resourceId: String(d.id),
      oldData: { status: d.status, declaredBy: d.declaredBy },
      newData: { status: "approved", totalKobo, remainderKobo, withholdingBasisPoints: rate, payments: payments.length },
    });
    return succeed({ tierName: tier.name, approved: true, totalKobo, investors: new Set(payments.map((p) => p.userId)).size });
  });
}
