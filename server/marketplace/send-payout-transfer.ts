import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { findTransferProvider } from "../payments/providers/get-payment-provider";
import type { TPayoutAnswer } from "../payments/payee";
import { sendBankTransfer } from "../payments/send-bank-transfer";
import { verifyTransfer } from "../payments/verify-transfer";
import { marketplacePayouts, sellers } from "./schema";
import { applyPayoutTransfer } from "./sync-payout-transfer";

/** Our transfer references to sellers begin so (the payee's prefix: docs/decisions/0044-payees.md). */
export const SELLER_TRANSFER_PREFIX = "zavolah-payout-";
/** Our reference for a payout's transfer: one per payout, so the provider refuses a second transfer of it. */
export const payoutTransferReference = (payoutId: number) => `${SELLER_TRANSFER_PREFIX}${String(payoutId).padStart(6, "0")}`;

/**
 * An admin pays a payout request through the provider's transfer API (docs/product/marketplace.md#payouts). The
 * request is claimed first ("sending", with our reference) and committed, so two clicks cannot send twice; the
 * provider's answer, its webhook or a later check then settles it exactly once.
 */
export async function sendPayoutTransfer(admin: TViewer, payoutId: number): Promise<TResult<TPayoutAnswer>> {
  const provider = findTransferProvider();
  if (!provider)
    return refuse("unavailable", "Paying through Paystack is not switched on here: send the transfer by hand and record its reference.");
  const reference = payoutTransferReference(payoutId);
  const claimed = await getDb().transaction(async (tx) => {
    const [payout] = await tx.select().from(marketplacePayouts).where(eq(marketplacePayouts.id, payoutId)).for("update");
    if (!payout) return refuse("not_found", "That payout request does not exist.");
    if (payout.status === "sending") return refuse("conflict", "This payout is already on its way through Paystack.");
    if (payout.status !== "requested") return refuse("conflict", "This payout has already been settled.");
    const [seller] = await tx.select().from(sellers).where(eq(sellers.id, payout.sellerId));
    if (!seller || seller.status !== "active")
      return refuse("conflict", "This store is suspended: its payouts are held. Decline the request or lift the suspension first.");
    await tx
      .update(marketplacePayouts)
      .set({ status: "sending", transferReference: reference, decidedBy: admin.id })
      .where(eq(marketplacePayouts.id, payout.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "marketplace.payout.transfer_sent",
      resourceType: "marketplace_payout",
      resourceId: String(payout.id),
      oldData: { status: payout.status, amountKobo: payout.amountKobo },
      newData: { status: "sending", transferReference: reference },
    });
    return succeed({ payout, seller });
  });
  if (!claimed.ok) return claimed;
  const { payout, seller } = claimed;
  const done = (status: TPayoutStatus, message: string) =>
    succeed({ payeeName: seller.displayName, amountKobo: payout.amountKobo, status, message });

  const sent = await sendBankTransfer(provider, {
    paidMessage: "The money is in the seller's account.",
    recipientCode: seller.transferRecipientCode,
    saveRecipientCode: async (code) => {
      await getDb().update(sellers).set({ transferRecipientCode: code }).where(eq(sellers.id, seller.id));
    },
    account: { name: payout.accountName, accountNumber: payout.accountNumber, bankCode: payout.bankCode },
    amountKobo: payout.amountKobo,
    reference,
    reason: `Zavolah marketplace payout ${payout.id}`,
    apply: (transfer) => applyPayoutTransfer(reference, transfer, `${provider.label} transfer`),
  });
  return sent.ok ? done(sent.status, sent.message) : sent;
}

const CHECKED: Partial<Record<TPayoutStatus, string>> = {
  paid: "The money is in the seller's account.",
  failed: "The bank did not complete it: the amount is back in the seller's balance.",
  requested: "Paystack never received it: the request is waiting again.",
  sending: "Paystack is still sending it.",
};

/** An admin asks the provider how a transfer on its way went (when its notification is late). */
export async function checkPayoutTransfer(payoutId: number): Promise<TResult<TPayoutAnswer>> {
  const [row] = await getDb()
    .select({ reference: marketplacePayouts.transferReference, amountKobo: marketplacePayouts.amountKobo, payeeName: sellers.displayName })
    .from(marketplacePayouts)
    .innerJoin(sellers, eq(sellers.id, marketplacePayouts.sellerId))
    .where(eq(marketplacePayouts.id, payoutId));
  if (!row?.reference) return refuse("not_found", "That payout was not sent through Paystack.");
  let status: TPayoutStatus | null;
  try {
    status = await verifyTransfer({ applyTransfer: applyPayoutTransfer }, row.reference, "admin check");
  } catch {
    return refuse("provider_failed", "Paystack could not be reached. Try again in a minute.");
  }
  if (!status) return refuse("unavailable", "Paying through Paystack is not switched on here.");
  return succeed({ payeeName: row.payeeName, amountKobo: row.amountKobo, status, message: CHECKED[status] ?? "" });
}
