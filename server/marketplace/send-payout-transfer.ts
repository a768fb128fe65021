import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import {
  checkPayoutRequestTransfer,
  payoutRequestReference,
  sendPayoutRequestTransfer,
  type TPayoutRequests,
} from "../payments/payout-request-transfer";
import { marketplacePayouts, sellers } from "./schema";
import { sellerPayoutRows } from "./sync-payout-transfer";

/** Our transfer references to sellers begin so (the payee's prefix: docs/decisions/0044-payees.md). */
export const SELLER_TRANSFER_PREFIX = "zavolah-payout-";
export const payoutTransferReference = (payoutId: number) => payoutRequestReference(SELLER_TRANSFER_PREFIX, payoutId);

/** A seller's payout requests, paid through the provider's transfer API (docs/product/marketplace.md#payouts). */
const sellerPayoutRequests: TPayoutRequests<typeof marketplacePayouts.$inferSelect> = {
  ...sellerPayoutRows,
  referencePrefix: SELLER_TRANSFER_PREFIX,
  payee: "seller",
  reason: "Zavolah marketplace payout",
  lock: async (tx, payoutId) => (await tx.select().from(marketplacePayouts).where(eq(marketplacePayouts.id, payoutId)).for("update"))[0],
  recipient: async (tx, payout) => {
    const [seller] = await tx.select().from(sellers).where(eq(sellers.id, payout.sellerId));
    if (!seller || seller.status !== "active")
      return refuse("conflict", "This store is suspended: its payouts are held. Decline the request or lift the suspension first.");
    return succeed({
      payeeName: seller.displayName,
      account: { name: payout.accountName, accountNumber: payout.accountNumber, bankCode: payout.bankCode },
      recipientCode: seller.transferRecipientCode,
    });
  },
  markSending: async (tx, payout, reference, adminId) => {
    await tx
      .update(marketplacePayouts)
      .set({ status: "sending", transferReference: reference, decidedBy: adminId })
      .where(eq(marketplacePayouts.id, payout.id));
  },
  saveRecipientCode: async (payout, code) => {
    await getDb().update(sellers).set({ transferRecipientCode: code }).where(eq(sellers.id, payout.sellerId));
  },
  findSent: async (payoutId) =>
    (
      await getDb()
        .select({
          reference: marketplacePayouts.transferReference,
          amountKobo: marketplacePayouts.amountKobo,
          payeeName: sellers.displayName,
        })
        .from(marketplacePayouts)
        .innerJoin(sellers, eq(sellers.id, marketplacePayouts.sellerId))
        .where(eq(marketplacePayouts.id, payoutId))
    )[0],
  checked: {
    paid: "The money is in the seller's account.",
    failed: "The bank did not complete it: the amount is back in the seller's balance.",
    requested: "Paystack never received it: the request is waiting again.",
    sending: "Paystack is still sending it.",
  },
};

/** An admin pays a seller's payout request by transfer: claimed first, so two clicks send once. */
export const sendPayoutTransfer = (admin: TViewer, payoutId: number) => sendPayoutRequestTransfer(sellerPayoutRequests, admin, payoutId);
/** An admin asks the provider how a seller's transfer on its way went. */
export const checkPayoutTransfer = (payoutId: number) => checkPayoutRequestTransfer(sellerPayoutRequests, payoutId);
