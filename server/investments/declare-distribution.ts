import { and, eq, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TDistributionDeclarationInput } from "@domain/investments/investment-input";
import { addDays, lagosDayStart, lagosToday } from "@domain/time/lagos-time";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { distributionDeclarations, investments, investmentTiers } from "./schema";

/**
 * An admin declares a distribution for a tier and a period that has ended (docs/product/investments.md#distributions).
 * It waits for a second admin; nothing is owed until then. A period that overlaps one already declared (and not
 * rejected) for the tier is refused, so no day is distributed twice. Audited.
 */
export async function declareDistribution(
  admin: TViewer,
  input: TDistributionDeclarationInput,
  today = lagosToday(),
): Promise<TResult<{ declarationId: number; tierName: string }>> {
  if (input.to >= today)
    return refuse("invalid_input", "Declare a period only once it has ended: its last day must be before today.", { field: "to" });
  const periodEnd = addDays(input.to, 1);
  return getDb().transaction(async (tx) => {
    // The tier's row is the lock two admins declaring the same period at once queue on.
    const [tier] = await tx.select().from(investmentTiers).where(eq(investmentTiers.id, input.tierId)).for("update");
    if (!tier) return refuse("not_found", "That tier does not exist.", { field: "tierId" });
    const [overlap] = await tx
      .select({ from: distributionDeclarations.periodStart, to: distributionDeclarations.periodEnd })
      .from(distributionDeclarations)
      .where(
        and(
          eq(distributionDeclarations.tierId, tier.id),
          ne(distributionDeclarations.status, "rejected"),
          lt(distributionDeclarations.periodStart, periodEnd),
          gt(distributionDeclarations.periodEnd, input.from),
        ),
      )
      .limit(1);
    if (overlap)
      return refuse(
        "conflict",
        `A distribution for ${tier.name} already covers ${overlap.from} to ${addDays(overlap.to, -1)}: that period is closed. Choose days after it.`,
        { field: "from" },
      );
    const [held] = await tx
      .select({ id: investments.id })
      .from(investments)
      .where(
        and(
          eq(investments.tierId, tier.id),
          inArray(investments.status, ["active", "matured", "redeemed"]),
          lt(investments.activatedAt, lagosDayStart(periodEnd)),
          or(isNull(investments.endedAt), gt(investments.endedAt, lagosDayStart(input.from))),
        ),
      )
      .limit(1);
    if (!held) return refuse("conflict", `No investment in ${tier.name} was held during this period: there is nobody to distribute to.`);
    const [declared] = await tx
      .insert(distributionDeclarations)
      .values({
        tierId: tier.id,
        periodStart: input.from,
        periodEnd,
        basis: input.basis,
        poolKobo: input.poolKobo,
        rateBasisPoints: input.rateBasisPoints,
        note: input.note,
        declaredBy: admin.id,
      })
      .returning({ id: distributionDeclarations.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: "investments.distribution.declare",
      resourceType: "distribution_declaration",
      resourceId: String(declared!.id),
      newData: { tier: tier.name, ...input },
    });
    return succeed({ declarationId: declared!.id, tierName: tier.name });
  });
}
