import { and, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TReinvestChoice } from "@domain/investments/investment-input";
import { investmentReference } from "@domain/investments/investment-rules";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { investments } from "./schema";

/**
 * The investor chooses whether an investment's next distributions are paid to their bank or added to it
 * (docs/product/investments.md#reinvesting). Only while it runs: not once it has matured or its principal was asked
 * back. The choice counts for distributions approved after it; choosing what is already chosen changes nothing.
 */
export async function chooseReinvestment(
  viewer: TViewer,
  input: TReinvestChoice,
): Promise<TResult<{ reference: string; reinvest: boolean; changed: boolean }>> {
  return getDb().transaction(async (tx) => {
    const [i] = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.id, input.investmentId), eq(investments.userId, viewer.id)))
      .for("update");
    if (!i) return refuse("not_found", "That investment does not exist.");
    const reference = investmentReference(i.id, i.placedAt);
    if (i.status !== "active" || i.redemptionRequestedAt)
      return refuse("conflict", "Distributions can be reinvested only while the investment runs: this one is paid to your bank.");
    if (i.reinvest === input.reinvest) return succeed({ reference, reinvest: i.reinvest, changed: false });
    await tx.update(investments).set({ reinvest: input.reinvest }).where(eq(investments.id, i.id));
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "investments.reinvest.choose",
      resourceType: "investment",
      resourceId: String(i.id),
      oldData: { reinvest: i.reinvest },
      newData: { reinvest: input.reinvest },
    });
    return succeed({ reference, reinvest: input.reinvest, changed: true });
  });
}
