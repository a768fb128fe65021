import { and, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TDistributionPaid } from "@domain/investments/investment-input";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { distributionDeclarations, distributionPayments } from "./schema";

/**
 * An admin records that the approved distribution's shares were paid to the investors' banks, with the bank reference
 * (docs/product/investments.md#distributions). Only shares still scheduled move, so a repeat (two tabs) pays nothing
 * twice and says so. Audited.
 */
export async function markDistributionPaid(admin: TViewer, input: TDistributionPaid): Promise<TResult<{ paid: number }>> {
  return getDb().transaction(async (tx) => {
    const [d] = await tx.select().from(distributionDeclarations).where(eq(distributionDeclarations.id, input.declarationId)).for("update");
    if (!d) return refuse("not_found", "That declaration does not exist.");
    if (d.status !== "approved") return refuse("conflict", "Only an approved distribution can be paid.");
    const paid = await tx
      .update(distributionPayments)
      .set({ status: "paid", paidAt: new Date(), reference: input.reference, paidBy: admin.id })
      .where(and(eq(distributionPayments.declarationId, d.id), eq(distributionPayments.status, "scheduled")))
      .returning({ id: distributionPayments.id });
    if (paid.length === 0) return refuse("conflict", "Every share of this distribution is already paid.");
    await recordAudit(tx, {
      actorId: admin.id,
      action: "investments.distribution.paid",
      resourceType: "distribution_declaration",
      resourceId: String(d.id),
      newData: { reference: input.reference, payments: paid.length },
    });
    return succeed({ paid: paid.length });
  });
}
