import { eq } from "drizzle-orm";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { payoutTransferStep } from "@domain/marketplace/payout-transfer";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { log } from "../log";
import type { TProviderTransfer } from "../payments/providers/payment-provider";
import { closeReferralPayout } from "./close-referral-payout";
import { referralPayouts } from "./schema";

/** Our reference for a referral payout's transfer: one per payout, so the provider refuses a second transfer of it. */
export const REFERRAL_TRANSFER_PREFIX = "zavolah-referral-";
export const referralTransferReference = (payoutId: number) => `${REFERRAL_TRANSFER_PREFIX}${String(payoutId).padStart(6, "0")}`;

/**
 * Applies what the provider says of a referral payout's transfer (docs/product/refer-and-earn.md#payouts), by the same
 * rules as sellers' payouts (payoutTransferStep): success pays it; failed or reversed (even after success) gives the
 * amount back to the balance; pending changes nothing; never received puts it back in the queue. The payout row is
 * locked and moves once, so a repeated webhook or a second check changes nothing.
 */
export async function applyReferralPayoutTransfer(
  reference: string,
  transfer: TProviderTransfer | null,
  actorLabel: string,
): Promise<TPayoutStatus | null> {
  return getDb().transaction(async (tx) => {
    const [payout] = await tx.select().from(referralPayouts).where(eq(referralPayouts.transferReference, reference)).for("update");
    if (!payout) return null;
    const status = payout.status as TPayoutStatus;
    const audit = (newData: Record<string, unknown>, action: string) =>
      recordAudit(tx, {
        actorId: null,
        action,
        resourceType: "referral_payout",
        resourceId: String(payout.id),
        oldData: { status, transferReference: reference },
        newData: { ...newData, by: actorLabel },
      });
    const step = payoutTransferStep(status, payout.amountKobo, transfer);
    if (step === "mismatch")
      log.error({ payoutId: payout.id, reference, amount: transfer?.amountKobo }, "referral payout transfer amount differs");
    if (step === "requeue") {
      await tx
        .update(referralPayouts)
        .set({ status: "requested", transferReference: null, decidedBy: null, decidedAt: null })
        .where(eq(referralPayouts.id, payout.id));
      await audit({ status: "requested" }, "referral.payout.transfer_not_made");
      return "requested";
    }
    if (step === "pay") {
      const bankReference = transfer!.transferCode ?? reference;
      await closeReferralPayout(tx, payout, { status: "paid", bankReference });
      await audit({ status: "paid", bankReference }, "referral.payout.paid");
      return "paid";
    }
    if (step === "fail") {
      const note =
        transfer!.providerStatus === "reversed"
          ? "the bank sent the transfer back to us."
          : `the bank could not complete the transfer to ${payout.accountName}. Check your bank account details and ask again.`;
      await closeReferralPayout(tx, payout, { status: "failed", note });
      await audit({ status: "failed", providerStatus: transfer!.providerStatus }, "referral.payout.transfer_failed");
      return "failed";
    }
    return status;
  });
}
