import type { TPayee } from "../payments/payee";
import { listPayouts } from "./list-payouts";
import { checkPayoutTransfer, SELLER_TRANSFER_PREFIX, sendPayoutTransfer } from "./send-payout-transfer";
import { settlePayout } from "./settle-payout";
import { applyPayoutTransfer } from "./sync-payout-transfer";

/** Marketplace sellers, paid their available earnings on request (docs/product/marketplace.md#payouts). */
export const sellerPayee: TPayee = {
  payee: "seller",
  referencePrefix: SELLER_TRANSFER_PREFIX,
  applyTransfer: applyPayoutTransfer,
  queue: {
    title: "Marketplace sellers",
    told: "The seller",
    list: listPayouts,
    send: sendPayoutTransfer,
    check: checkPayoutTransfer,
    settle: settlePayout,
  },
};
