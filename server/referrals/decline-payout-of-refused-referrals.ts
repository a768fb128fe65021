import { and, eq, ne } from "drizzle-orm";
import { refuse, type TFailure } from "@domain/errors/app-error";
import { REFERRAL_REFUSALS } from "@domain/referrals/referral";
import { recordAudit } from "../audit/record-audit";
import { getDb, type Tx } from "../db/client";
import { closeReferralPayout } from "./close-referral-payout";
import { refuseSelfReferralsByBankAccount } from "./refuse-self-referrals";
import { referralCommissions, referralPayouts } from "./schema";

type TPayout = typeof referralPayouts.$inferSelect;

/**
 * Before a referrer's bank payout leaves, by Paystack or by hand (docs/product/refer-and-earn.md#fraud-checks): the
 * bank-account check runs again, in its own transaction so what it refuses stays refused, since a friend may have been
 * given the referrer's account (a payout account, a marketplace store's) after the payout was asked for.
 */
export async function recheckSelfReferrals(payoutId: number) {
  await getDb().transaction(async (tx) => {
    const [payout] = await tx.select({ userId: referralPayouts.userId }).from(referralPayouts).where(eq(referralPayouts.id, payoutId));
    if (payout) await refuseSelfReferralsByBankAccount(tx, payout.userId);
  });
}

/**
 * In the transaction that sends a locked payout: when a commission it covers has been taken back since it was asked
 * for (its referral refused), the payout is declined instead (the amount back in the balance, the ledger once), and
 * the admin is told why. Null when it may go.
 */
export async function declinePayoutOfRefusedReferrals(tx: Tx, payout: TPayout, adminId: string): Promise<TFailure | null> {
  const [takenBack] = await tx
    .select({ id: referralCommissions.id })
    .from(referralCommissions)
    .where(and(eq(referralCommissions.payoutId, payout.id), ne(referralCommissions.status, "paid")))
    .limit(1);
  if (!takenBack) return null;
  const note = `A friend's referral was refused: ${REFERRAL_REFUSALS.same_bank_account.replace(/^Not eligible: /, "")}.`;
  await closeReferralPayout(tx, payout, { status: "declined", note, decidedBy: adminId });
  await recordAudit(tx, {
    actorId: adminId,
    action: "referral.payout.declined",
    resourceType: "referral_payout",
    resourceId: String(payout.id),
    oldData: { status: payout.status, amountKobo: payout.amountKobo },
    newData: { status: "declined", note, by: "the bank-account check" },
  });
  return refuse(
    "conflict",
    "This payout was not sent: a friend it was earned from has been found paid into the referrer's own bank account. It is declined and the balance corrected.",
  );
}
