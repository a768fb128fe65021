import { and, eq } from "drizzle-orm";
import { bankName } from "@domain/nigeria/banks";
import type { DbOrTx } from "../db/client";
import { notifyReferrer } from "./notify-referrer";
import { referralCommissions, referralLedger, referralPayouts } from "./schema";

type TPayout = typeof referralPayouts.$inferSelect;

/**
 * Ends a bank payout (docs/product/refer-and-earn.md#payouts), in the caller's transaction, for a payout row the caller
 * has locked: paid, with the transfer's reference; or declined by an admin, or failed at the bank, when the amount
 * goes back to the balance (once: the ledger's key) and the commissions it covered are approved again. The referrer
 * hears either way.
 */
export async function closeReferralPayout(
  tx: DbOrTx,
  payout: TPayout,
  outcome:
    { status: "paid"; bankReference: string; decidedBy?: string } | { status: "declined" | "failed"; note: string; decidedBy?: string },
) {
  const decided = { status: outcome.status, decidedAt: new Date(), ...(outcome.decidedBy ? { decidedBy: outcome.decidedBy } : {}) };
  if (outcome.status === "paid") {
    await tx
      .update(referralPayouts)
      .set({ ...decided, bankReference: outcome.bankReference })
      .where(eq(referralPayouts.id, payout.id));
    await notifyReferrer(tx, payout.userId, {
      event: "paid_out",
      amountKobo: payout.amountKobo,
      destination: "bank",
      account: `${payout.accountName} (${bankName(payout.bankCode ?? "") ?? "your bank"})`,
      reference: outcome.bankReference,
    });
    return;
  }
  await tx
    .update(referralPayouts)
    .set({ ...decided, note: outcome.note })
    .where(eq(referralPayouts.id, payout.id));
  await tx
    .insert(referralLedger)
    .values({
      userId: payout.userId,
      kind: "payout_returned",
      amountKobo: payout.amountKobo,
      payoutId: payout.id,
      reference: `returned:${payout.id}`,
    })
    .onConflictDoNothing({ target: referralLedger.reference });
  await tx
    .update(referralCommissions)
    .set({ status: "approved", paidAt: null, payoutId: null })
    .where(and(eq(referralCommissions.payoutId, payout.id), eq(referralCommissions.status, "paid")));
  await notifyReferrer(tx, payout.userId, { event: "payout_returned", amountKobo: payout.amountKobo, reason: outcome.note });
}
