import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { Tx } from "../../db/client";
import { extendSubscription } from "../../subscriptions/extend-subscription";
import { startSubscription } from "../../subscriptions/start-subscription";
import { zavchargeAccounts, zavchargePlans } from "./schema";

/**
 * Puts an account on a plan for one more period (docs/product/zavcharge.md#plans), inside the caller's
 * transaction: extends its period row, or starts one if it has none (an account whose site account is gone
 * keeps charging rights only through staff).
 */
export async function renewPlan(tx: Tx, accountId: number, planId: number): Promise<TResult<{ planName: string; expiresAt: Date }>> {
  const [account] = await tx.select().from(zavchargeAccounts).where(eq(zavchargeAccounts.id, accountId)).for("update");
  const [plan] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.id, planId));
  if (!account || account.status === "closed") return refuse("conflict", "This ZavCharge account is closed.");
  if (!plan) return refuse("not_found", "That plan is not offered any more.");
  const planName = plan.name;
  let expiresAt: Date;
  let subscriptionId = account.subscriptionId;
  if (subscriptionId) {
    expiresAt = await extendSubscription(tx, { subscriptionId, planName, priceKobo: plan.priceKobo, periodDays: plan.periodDays });
  } else {
    if (!account.userId) return refuse("conflict", "This ZavCharge account has no site account to renew for.");
    const started = await startSubscription(tx, {
      userId: account.userId,
      planName,
      priceKobo: plan.priceKobo,
      periodDays: plan.periodDays,
    });
    subscriptionId = started.id;
    expiresAt = started.expiresAt;
  }
  await tx
    .update(zavchargeAccounts)
    .set({ planId: plan.id, subscriptionId, updatedAt: new Date() })
    .where(eq(zavchargeAccounts.id, accountId));
  return succeed({ planName, expiresAt });
}
