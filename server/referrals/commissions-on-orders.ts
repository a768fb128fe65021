import type { TOrderSubscriber } from "../orders/order-subscribers";
import { recordReferralCommissions } from "./record-referral-commissions";
import { reverseReferralCommissions } from "./reverse-referral-commissions";

/** Refer and earn listens to orders' money (docs/product/refer-and-earn.md#commissions): paid earns, refunded reverses. */
export const referralCommissionsOnOrders: TOrderSubscriber = {
  name: "referral-commissions",
  async paid(tx, order, paidAt) {
    await recordReferralCommissions(tx, order.id, paidAt);
  },
  async refunded(tx, order, refundedPartIds) {
    await reverseReferralCommissions(tx, order.id, refundedPartIds);
  },
};
