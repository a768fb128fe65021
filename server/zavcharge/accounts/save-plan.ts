import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { DEFAULT_PLAN_CODE } from "@domain/zavcharge/accounts/account-rules";
import type { TPlanFields } from "@domain/zavcharge/accounts/plan-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../../audit/record-audit";
import { getDb } from "../../db/client";
import { zavchargePlans } from "./schema";

/** A plan's code from its name: "ZavCharge Fleet 6 Months" -> "zavcharge-fleet-6-months". */
const codeOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);

/**
 * The admin adds or edits a plan (docs/product/zavcharge.md#plans), audited. The Monthly plan every new account
 * starts on cannot be withdrawn; a price change applies to the next renewals, never to a period already paid.
 */
export async function savePlan(admin: TViewer, planId: number | null, input: TPlanFields): Promise<TResult<{ name: string }>> {
  return getDb().transaction(async (tx) => {
    if (planId === null) {
      const code = codeOf(input.name);
      const [taken] = await tx.select({ id: zavchargePlans.id }).from(zavchargePlans).where(eq(zavchargePlans.code, code));
      if (!code || taken) return refuse("conflict", "A plan with this name already exists.", { field: "name" });
      const [plan] = await tx
        .insert(zavchargePlans)
        .values({
          code,
          name: input.name,
          priceKobo: input.price,
          periodDays: input.periodDays,
          sortOrder: input.sortOrder,
          active: input.active,
        })
        .returning();
      await recordAudit(tx, {
        actorId: admin.id,
        action: "zavcharge.plan.create",
        resourceType: "zavcharge_plan",
        resourceId: String(plan!.id),
        newData: plan,
      });
      return succeed({ name: plan!.name });
    }
    const [before] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.id, planId)).for("update");
    if (!before) return refuse("not_found", "That plan does not exist.");
    if (before.code === DEFAULT_PLAN_CODE && !input.active)
      return refuse("invalid_input", "Every new account starts on this plan: it cannot be withdrawn.", { field: "active" });
    const [after] = await tx
      .update(zavchargePlans)
      .set({ name: input.name, priceKobo: input.price, periodDays: input.periodDays, sortOrder: input.sortOrder, active: input.active })
      .where(eq(zavchargePlans.id, planId))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      action: "zavcharge.plan.update",
      resourceType: "zavcharge_plan",
      resourceId: String(planId),
      oldData: before,
      newData: after,
    });
    return succeed({ name: after!.name });
  });
}
