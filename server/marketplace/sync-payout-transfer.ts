import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { applyPayoutRequestTransfer, type TPayoutRequestRows } from "../payments/payout-request-transfer";
import type { TProviderTransfer } from "../payments/providers/payment-provider";
import { marketplacePayouts, sellers } from "./schema";
import { tellSellerOfPayout } from "./settle-payout";

type TPayout = typeof marketplacePayouts.$inferSelect;

const sellerOf = async (tx: Tx, payout: TPayout) => (await tx.select().from(sellers).where(eq(sellers.id, payout.sellerId)))[0];

/** What a transfer's outcome does to a seller's payout request (docs/product/marketplace.md#payouts). */
export const sellerPayoutRows: TPayoutRequestRows<TPayout> = {
  audit: { resourceType: "marketplace_payout", actionPrefix: "marketplace.payout" },
  loggedAs: "payout",
  metricsPayee: "seller",
  lockByReference: async (tx, reference) =>
    (await tx.select().from(marketplacePayouts).where(eq(marketplacePayouts.transferReference, reference)).for("update"))[0],
  requeue: async (tx, payout) => {
    await tx
      .update(marketplacePayouts)
      .set({ status: "requested", transferReference: null, decidedBy: null, decidedAt: null })
      .where(eq(marketplacePayouts.id, payout.id));
  },
  markPaid: async (tx, payout, bankReference) => {
    await tx
      .update(marketplacePayouts)
      .set({ status: "paid", bankReference, decidedAt: new Date() })
      .where(and(eq(marketplacePayouts.id, payout.id), eq(marketplacePayouts.status, "sending")));
    const seller = await sellerOf(tx, payout);
    if (seller) await tellSellerOfPayout(tx, seller, payout, { status: "paid", reference: bankReference });
  },
  markFailed: async (tx, payout, providerStatus) => {
    const note =
      providerStatus === "reversed"
        ? "The bank sent the transfer back to us."
        : `The bank could not complete the transfer to ${payout.accountName} (${providerStatus}).`;
    await tx.update(marketplacePayouts).set({ status: "failed", note, decidedAt: new Date() }).where(eq(marketplacePayouts.id, payout.id));
    const seller = await sellerOf(tx, payout);
    if (seller) await tellSellerOfPayout(tx, seller, payout, { status: "failed", note });
  },
};

/** The provider's word on a seller's payout transfer, applied once (the seller payee's applyTransfer). */
export const applyPayoutTransfer = (reference: string, transfer: TProviderTransfer | null, actorLabel: string) =>
  applyPayoutRequestTransfer(sellerPayoutRows, reference, transfer, actorLabel);
