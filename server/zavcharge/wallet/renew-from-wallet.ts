import { eq } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { inTransaction } from "../../db/in-transaction";
import { postWalletEntry } from "./post-wallet-entry";
import { renewPlan } from "../accounts/renew-plan";
import { zavchargePlans } from "../accounts/schema";
import { zavchargeWalletEntries } from "./schema";

/**
 * Renewing a plan from the wallet (docs/product/zavcharge.md#plans): the price is debited and the period extended
 * in one transaction; the form's key is the ledger reference, so a double submission renews once.
 */
export async function renewFromWallet(
  accountId: number,
  p: { planId: number; formKey: string },
): Promise<TResult<{ planName: string; expiresAt: Date; balanceKobo: number }>> {
  return inTransaction(async (tx) => {
    const [plan] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.id, p.planId));
    if (!plan?.active) return refuse("not_found", "That plan is not offered any more. Please choose another.");
    const reference = `renewal:${accountId}:${p.formKey}`;
    const [done] = await tx
      .select({ id: zavchargeWalletEntries.id })
      .from(zavchargeWalletEntries)
      .where(eq(zavchargeWalletEntries.reference, reference));
    if (done) return refuse("conflict", "This renewal was already made.");
    let balanceKobo = 0;
    if (plan.priceKobo > 0) {
      const posted = await postWalletEntry(tx, {
        accountId,
        kind: "plan_renewal",
        amountKobo: -plan.priceKobo,
        reference,
        description: `${plan.name} plan renewal`,
      });
      if (!posted.ok)
        return refuse(
          "conflict",
          `Your balance is below the ${formatKobo(plan.priceKobo)} this plan costs. Top up, or pay by card instead.`,
        );
      balanceKobo = posted.entry.balanceAfterKobo;
    }
    const renewed = await renewPlan(tx, accountId, plan.id);
    if (!renewed.ok) return renewed;
    return succeed({ planName: renewed.planName, expiresAt: renewed.expiresAt, balanceKobo });
  });
}
