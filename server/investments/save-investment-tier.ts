import { eq, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TInvestmentTierInput } from "@domain/investments/investment-input";
import { recordAudit } from "../audit/record-audit";
import { isUniqueViolation } from "../db/errors";
import { changePublicContent } from "../http/page-cache";
import { investmentTiers } from "./schema";

/**
 * An admin creates a tier or changes one (docs/product/investments.md#tiers), audited with what it was. Changing the
 * terms of a tier changes nothing already invested: each investment's dates were fixed when it started.
 */
export async function saveInvestmentTier(
  admin: TViewer,
  input: TInvestmentTierInput,
): Promise<TResult<{ tierId: number; created: boolean }>> {
  const values = {
    name: input.name,
    summary: input.summary,
    minKobo: input.min,
    maxKobo: input.max,
    raiseCapKobo: input.raiseCap,
    expectedReturnBasisPoints: input.expectedReturn,
    tenorMonths: input.tenorMonths,
    distributionFrequency: input.distributionFrequency,
    lockupMonths: input.lockupMonths,
    earlyRedemption: input.earlyRedemption,
    status: input.status,
  };
  // The public tiers page shows the tiers.
  return changePublicContent(async (tx) => {
    if (input.tierId === undefined) {
      const [created] = await tx.insert(investmentTiers).values(values).returning({ id: investmentTiers.id });
      await recordAudit(tx, {
        actorId: admin.id,
        action: "investments.tier.create",
        resourceType: "investment_tier",
        resourceId: String(created!.id),
        newData: values,
      });
      return succeed({ tierId: created!.id, created: true });
    }
    const [before] = await tx.select().from(investmentTiers).where(eq(investmentTiers.id, input.tierId)).for("update");
    if (!before) return refuse("not_found", "That tier does not exist.");
    await tx
      .update(investmentTiers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(investmentTiers.id, before.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "investments.tier.update",
      resourceType: "investment_tier",
      resourceId: String(before.id),
      oldData: before,
      newData: values,
    });
    return succeed({ tierId: before.id, created: false });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) return refuse("conflict", "Another tier has that name. Choose another.", { field: "name" });
    throw error;
  });
}
