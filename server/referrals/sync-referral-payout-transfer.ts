import { eq } from "drizzle-orm";
import { applyPayoutRequestTransfer, payoutRequestReference, type TPayoutRequestRows } from "../payments/payout-request-transfer";
import type { TProviderTransfer } from "../payments/providers/payment-provider";
import { closeReferralPayout } from "./close-referral-payout";
import { referralPayouts } from "./schema";

type TPayout = typeof referralPayouts.$inferSelect;

/** Our transfer references to referrers begin so (the payee's prefix: docs/decisions/0044-payees.md). */
export const REFERRAL_TRANSFER_PREFIX = "zavolah-referral-";
export const referralTransferReference = (payoutId: number) => payoutRequestReference(REFERRAL_TRANSFER_PREFIX, payoutId);

/** What a transfer's outcome does to a referrer's bank payout (docs/product/refer-and-earn.md#payouts). */
export const referralPayoutRows: TPayoutRequestRows<TPayout> = {
  audit: { resourceType: "referral_payout", actionPrefix: "referral.payout" },
  loggedAs: "referral payout",
  metricsPayee: "referrer",
  lockByReference: async (tx, reference) =>
    (await tx.select().from(referralPayouts).where(eq(referralPayouts.transferReference, reference)).for("update"))[0],
  requeue: async (tx, payout) => {
    await tx
      .update(referralPayouts)
      .set({ status: "requested", transferReference: null, decidedBy: null, decidedAt: null })
      .where(eq(referralPayouts.id, payout.id));
  },
  markPaid: (tx, payout, bankReference) => closeReferralPayout(tx, payout, { status: "paid", bankReference }),
  markFailed: (tx, payout, providerStatus) =>
    closeReferralPayout(tx, payout, {
      status: "failed",
      note:
        providerStatus === "reversed"
          ? "the bank sent the transfer back to us."
          : `the bank could not complete the transfer to ${payout.accountName}. Check your bank account details and ask again.`,
    }),
};

/** The provider's word on a referral payout's transfer, applied once (the referrer payee's applyTransfer). */
export const applyReferralPayoutTransfer = (reference: string, transfer: TProviderTransfer | null, actorLabel: string) =>
  applyPayoutRequestTransfer(referralPayoutRows, reference, transfer, actorLabel);
