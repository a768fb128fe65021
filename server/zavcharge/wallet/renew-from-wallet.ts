import { eq } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { AppError, refuse, settle, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../../db/client";
import { postWalletEntry } from "./post-wallet-entry";
import { renewPlan } from "./renew-plan";
import { zavchargePlans, zavchargeWalletEntries } from "../schema";

/**
 * Renewing a plan from the wallet (docs/product/zavcharge.md#plans): the price is debited and the period extended
 * in one transaction; the form's key is the ledger reference, so a double submission renews once.
 */
export async function renewFromWallet(
  accountId: number,
  p: { planId: number; formKey: string },
): Promise<TResult<{ planName: string; expiresAt: Date; balanceKobo: number }>> {
  return settle(() =>
    getDb().transaction(async (tx) => {
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
        try {
          const { entry } = await postWalletEntry(tx, {
            accountId,
            kind: "plan_renewal",
            amountKobo: -plan.priceKobo,
            reference,
            description: `${plan.name} plan renewal`,
          });
          balanceKobo = entry.balanceAfterKobo;
        } catch (e) {
          if (e instanceof AppError && e.code === "conflict")
            throw new AppError(
              "conflict",
              `Your balance is below the ${formatKobo(plan.priceKobo)} this plan costs. Top up, or pay by card instead.`,
            );
          throw e;
        }
      }
      const renewed = await renewPlan(tx, accountId, plan.id);
      return succeed({ ...renewed, balanceKobo });
    }),
  );
}
