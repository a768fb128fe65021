import type { TPayee } from "../payments/payee";
import { listReferralBankPayouts } from "./list-referral-bank-payouts";
import { checkReferralPayoutTransfer, sendReferralPayoutTransfer } from "./send-referral-payout-transfer";
import { settleReferralPayout } from "./settle-referral-payout";
import { applyReferralPayoutTransfer, REFERRAL_TRANSFER_PREFIX } from "./sync-referral-payout-transfer";

/** Referrers, paid their Refer & Earn balance to a bank account on request (docs/product/refer-and-earn.md#payouts). */
export const referrerPayee: TPayee = {
  payee: "referrer",
  referencePrefix: REFERRAL_TRANSFER_PREFIX,
  applyTransfer: applyReferralPayoutTransfer,
  queue: {
    title: "Refer & Earn",
    told: "The referrer",
    list: listReferralBankPayouts,
    send: sendReferralPayoutTransfer,
    check: checkReferralPayoutTransfer,
    settle: settleReferralPayout,
  },
};
