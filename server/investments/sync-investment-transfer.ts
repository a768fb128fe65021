import { eq, sql } from "drizzle-orm";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { payoutTransferStep } from "@domain/marketplace/payout-transfer";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { log } from "../log";
import type { TProviderTransfer } from "../payments/providers/payment-provider";
import { closeRedemption } from "./redemptions";
import { distributionPayments, investments } from "./schema";

// Provider transfers paying investors (docs/product/investments.md#payouts): a distribution's share, or a principal
// paid back. Our reference names which and carries the attempt, so a transfer tried again after a failure is a new
// transfer to the provider (which refuses a reference twice) and a late word on the old one finds nothing to move.

export const INVESTMENT_TRANSFER_PREFIX = "zavolah-investment-";
const SHARE = `${INVESTMENT_TRANSFER_PREFIX}share-`;
const PRINCIPAL = `${INVESTMENT_TRANSFER_PREFIX}principal-`;

/** SQL for the reference of a row's next attempt: `<prefix><id, 6 digits>-<attempt>`. */
const nextReference = (prefix: string, id: unknown, attempts: unknown) =>
  sql<string>`${prefix} || lpad(${id}::text, 6, '0') || '-' || (${attempts} + 1)::text`;

export const nextShareTransferReference = () => nextReference(SHARE, distributionPayments.id, distributionPayments.transferAttempts);
export const nextPrincipalTransferReference = () => nextReference(PRINCIPAL, investments.id, investments.redemptionTransferAttempts);

/** What the admin reads of a transfer that did not go through, by the provider's word. */
const failureNote = (transfer: TProviderTransfer | null) =>
  transfer === null
    ? "Paystack never received the transfer."
    : transfer.providerStatus === "reversed"
      ? "The bank sent the transfer back."
      : "The bank could not complete the transfer: check the investor's account with them.";

/**
 * Applies the provider's word on a share's transfer, by payoutTransferStep's rules: success pays it with the
 * provider's transfer code as its bank reference; failed, reversed (even after success) or never received puts it
 * back to be paid, with the reason. The share's row is locked and moves once.
 */
async function applyShareTransfer(reference: string, transfer: TProviderTransfer | null, actorLabel: string) {
  return getDb().transaction(async (tx) => {
    const [share] = await tx.select().from(distributionPayments).where(eq(distributionPayments.transferReference, reference)).for("update");
    if (!share) return null;
    const status: TPayoutStatus = share.status === "sending" ? "sending" : share.status === "paid" ? "paid" : "requested";
    const step = payoutTransferStep(status, share.netKobo, transfer);
    const audit = (action: string, newData: Record<string, unknown>) =>
      recordAudit(tx, {
        actorId: null,
        action,
        resourceType: "distribution_payment",
        resourceId: String(share.id),
        oldData: { status: share.status, transferReference: reference },
        newData: { ...newData, by: actorLabel },
      });
    if (step === "mismatch")
      log.error({ shareId: share.id, reference, amount: transfer?.amountKobo }, "distribution transfer amount differs");
    if (step === "pay") {
      const bankReference = transfer!.transferCode ?? reference;
      await tx
        .update(distributionPayments)
        .set({ status: "paid", paidAt: new Date(), reference: bankReference, paidBy: null, transferNote: null })
        .where(eq(distributionPayments.id, share.id));
      await audit("investments.distribution.transfer_paid", { status: "paid", bankReference });
      return "paid";
    }
    if (step === "fail" || step === "requeue") {
      const note = failureNote(transfer);
      await tx
        .update(distributionPayments)
        .set({ status: "scheduled", paidAt: null, reference: null, transferReference: null, transferNote: note })
        .where(eq(distributionPayments.id, share.id));
      await audit("investments.distribution.transfer_failed", { status: "scheduled", note });
      return step === "fail" ? "failed" : "requested";
    }
    return status;
  });
}

/**
 * Applies the provider's word on a principal's transfer: success ends the redemption (closeRedemption); failed,
 * reversed or never received leaves it asked for, to be sent again or paid by hand, with the reason. A reversal after
 * the investment was redeemed is logged for the admin: the register does not reopen by itself.
 */
async function applyPrincipalTransfer(reference: string, transfer: TProviderTransfer | null, actorLabel: string) {
  return getDb().transaction(async (tx) => {
    const [i] = await tx.select().from(investments).where(eq(investments.redemptionTransferReference, reference)).for("update");
    if (!i) return null;
    const status: TPayoutStatus = i.status === "redeemed" ? "paid" : "sending";
    const step = payoutTransferStep(status, i.redemptionKobo ?? 0, transfer);
    if (step === "mismatch")
      log.error({ investmentId: i.id, reference, amount: transfer?.amountKobo }, "principal transfer amount differs");
    if (step === "pay" && i.status !== "active" && i.status !== "matured") {
      // Refunded (or otherwise ended) while its transfer was on its way: the register does not move, and the admins
      // must recover the money paid twice.
      log.error({ investmentId: i.id, reference, status: i.status }, "a principal transfer succeeded for an investment no longer held");
      await recordAudit(tx, {
        actorId: null,
        action: "investments.redemption.transfer_after_end",
        resourceType: "investment",
        resourceId: String(i.id),
        oldData: { status: i.status, transferReference: reference },
        newData: { amountKobo: transfer!.amountKobo, by: actorLabel },
      });
      return "paid";
    }
    if (step === "pay") {
      await closeRedemption(tx, i, {
        amountKobo: i.redemptionKobo!,
        bankReference: transfer!.transferCode ?? reference,
        by: null,
        actorLabel,
      });
      return "paid";
    }
    if (step === "fail" && status === "paid") {
      log.error({ investmentId: i.id, reference }, "a principal paid back was reversed by the bank: an admin must pay it again");
      return "failed";
    }
    if (step === "fail" || step === "requeue") {
      const note = failureNote(transfer);
      await tx.update(investments).set({ redemptionTransferReference: null, redemptionTransferNote: note }).where(eq(investments.id, i.id));
      await recordAudit(tx, {
        actorId: null,
        action: "investments.redemption.transfer_failed",
        resourceType: "investment",
        resourceId: String(i.id),
        oldData: { transferReference: reference },
        newData: { note, by: actorLabel },
      });
      return step === "fail" ? "failed" : "requested";
    }
    return status;
  });
}

/** Applies the provider's word (or its silence: null) on one of our investment transfers, by its reference. */
export function applyInvestmentTransfer(reference: string, transfer: TProviderTransfer | null, actorLabel: string) {
  return reference.startsWith(SHARE)
    ? applyShareTransfer(reference, transfer, actorLabel)
    : reference.startsWith(PRINCIPAL)
      ? applyPrincipalTransfer(reference, transfer, actorLabel)
      : Promise.resolve(null);
}
