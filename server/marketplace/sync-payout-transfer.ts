import { and, eq } from "drizzle-orm";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { payoutTransferStep } from "@domain/marketplace/payout-transfer";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { log } from "../log";
import type { TProviderTransfer } from "../payments/providers/payment-provider";
import { marketplacePayouts, sellers } from "./schema";
import { tellSellerOfPayout } from "./settle-payout";

/**
 * Applies what the provider says of a payout's transfer (docs/product/marketplace.md#payouts; the rules are
 * payoutTransferStep's): success pays it, failed or reversed gives the amount back to the seller's balance, pending
 * changes nothing, never received puts the request back. The payout row is locked and moves once, so a repeated
 * webhook or a second check changes nothing.
 */
export async function applyPayoutTransfer(
  reference: string,
  transfer: TProviderTransfer | null,
  actorLabel: string,
): Promise<TPayoutStatus | null> {
  return getDb().transaction(async (tx) => {
    const [payout] = await tx.select().from(marketplacePayouts).where(eq(marketplacePayouts.transferReference, reference)).for("update");
    if (!payout) return null;
    const status = payout.status as TPayoutStatus;
    const audit = (newData: Record<string, unknown>, action: string) =>
      recordAudit(tx, {
        actorId: null,
        action,
        resourceType: "marketplace_payout",
        resourceId: String(payout.id),
        oldData: { status, transferReference: reference },
        newData: { ...newData, by: actorLabel },
      });
    const step = payoutTransferStep(status, payout.amountKobo, transfer);
    if (step === "mismatch") log.error({ payoutId: payout.id, reference, amount: transfer?.amountKobo }, "payout transfer amount differs");
    if (step === "requeue") {
      await tx
        .update(marketplacePayouts)
        .set({ status: "requested", transferReference: null, decidedBy: null, decidedAt: null })
        .where(eq(marketplacePayouts.id, payout.id));
      await audit({ status: "requested" }, "marketplace.payout.transfer_not_made");
      return "requested";
    }
    const [seller] = await tx.select().from(sellers).where(eq(sellers.id, payout.sellerId));
    if (step === "pay") {
      const bankReference = transfer!.transferCode ?? reference;
      await tx
        .update(marketplacePayouts)
        .set({ status: "paid", bankReference, decidedAt: new Date() })
        .where(and(eq(marketplacePayouts.id, payout.id), eq(marketplacePayouts.status, "sending")));
      await audit({ status: "paid", bankReference }, "marketplace.payout.paid");
      if (seller) await tellSellerOfPayout(tx, seller, payout, { status: "paid", reference: bankReference });
      return "paid";
    }
    if (step === "fail") {
      const note =
        transfer!.providerStatus === "reversed"
          ? "The bank sent the transfer back to us."
          : `The bank could not complete the transfer to ${payout.accountName} (${transfer!.providerStatus}).`;
      await tx
        .update(marketplacePayouts)
        .set({ status: "failed", note, decidedAt: new Date() })
        .where(eq(marketplacePayouts.id, payout.id));
      await audit({ status: "failed", providerStatus: transfer!.providerStatus }, "marketplace.payout.transfer_failed");
      if (seller) await tellSellerOfPayout(tx, seller, payout, { status: "failed", note });
      return "failed";
    }
    return status;
  });
}
