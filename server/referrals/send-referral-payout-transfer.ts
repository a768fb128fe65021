import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { users } from "../auth/schema";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { findTransferProvider } from "../payments/providers/get-payment-provider";
import type { TPayoutAnswer } from "../payments/payee";
import { sendBankTransfer } from "../payments/send-bank-transfer";
import { verifyTransfer } from "../payments/verify-transfer";
import { declinePayoutOfRefusedReferrals, recheckSelfReferrals } from "./decline-payout-of-refused-referrals";
import { referralPayoutAccounts, referralPayouts } from "./schema";
import { applyReferralPayoutTransfer, referralTransferReference } from "./sync-referral-payout-transfer";

/**
 * An admin pays a referrer's bank payout through the provider's transfer API (docs/product/refer-and-earn.md#payouts),
 * as a seller's is paid: claimed first ("sending", with our reference) and committed, so two clicks or two admins send
 * once; the provider's answer, its webhook or a later check settles it exactly once.
 */
export async function sendReferralPayoutTransfer(admin: TViewer, payoutId: number): Promise<TResult<TPayoutAnswer>> {
  const provider = findTransferProvider();
  if (!provider)
    return refuse("unavailable", "Paying through Paystack is not switched on here: send the transfer by hand and record its reference.");
  const reference = referralTransferReference(payoutId);
  await recheckSelfReferrals(payoutId);
  const claimed = await getDb().transaction(async (tx) => {
    const [payout] = await tx.select().from(referralPayouts).where(eq(referralPayouts.id, payoutId)).for("update");
    if (!payout || payout.destination !== "bank") return refuse("not_found", "That payout request does not exist.");
    if (payout.status === "sending") return refuse("conflict", "This payout is already on its way through Paystack.");
    if (payout.status !== "requested") return refuse("conflict", "This payout has already been settled.");
    const declined = await declinePayoutOfRefusedReferrals(tx, payout, admin.id);
    if (declined) return declined;
    await tx
      .update(referralPayouts)
      .set({ status: "sending", transferReference: reference, decidedBy: admin.id })
      .where(eq(referralPayouts.id, payout.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "referral.payout.transfer_sent",
      resourceType: "referral_payout",
      resourceId: String(payout.id),
      oldData: { status: payout.status, amountKobo: payout.amountKobo },
      newData: { status: "sending", transferReference: reference },
    });
    const [account] = await tx
      .select({ recipientCode: referralPayoutAccounts.transferRecipientCode, accountNumber: referralPayoutAccounts.accountNumber })
      .from(referralPayoutAccounts)
      .where(eq(referralPayoutAccounts.userId, payout.userId));
    const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, payout.userId));
    // The recipient made for the saved account serves only while the payout is to that same account.
    return succeed({
      payout,
      payeeName: person?.name ?? "The referrer",
      recipientCode: account?.accountNumber === payout.accountNumber ? account.recipientCode : null,
    });
  });
  if (!claimed.ok) return claimed;
  const { payout, payeeName, recipientCode } = claimed;
  const done = (status: TPayoutStatus, message: string) => succeed({ payeeName, amountKobo: payout.amountKobo, status, message });
  const sent = await sendBankTransfer(provider, {
    paidMessage: "The money is in the referrer's account.",
    recipientCode,
    saveRecipientCode: async (code) => {
      await getDb()
        .update(referralPayoutAccounts)
        .set({ transferRecipientCode: code })
        .where(eq(referralPayoutAccounts.userId, payout.userId));
    },
    account: { name: payout.accountName!, accountNumber: payout.accountNumber!, bankCode: payout.bankCode! },
    amountKobo: payout.amountKobo,
    reference,
    reason: `Zavolah Refer & Earn payout ${payout.id}`,
    apply: (transfer) => applyReferralPayoutTransfer(reference, transfer, `${provider.label} transfer`),
  });
  return sent.ok ? done(sent.status, sent.message) : sent;
}

/** An admin asks the provider how a referral payout's transfer on its way went (when its notification is late). */
export async function checkReferralPayoutTransfer(payoutId: number): Promise<TResult<TPayoutAnswer>> {
  const [row] = await getDb()
    .select({ reference: referralPayouts.transferReference, amountKobo: referralPayouts.amountKobo, payeeName: users.name })
    .from(referralPayouts)
    .innerJoin(users, eq(users.id, referralPayouts.userId))
    .where(eq(referralPayouts.id, payoutId));
  if (!row?.reference) return refuse("not_found", "That payout was not sent through Paystack.");
  let status: TPayoutStatus | null;
  try {
    status = await verifyTransfer({ applyTransfer: applyReferralPayoutTransfer }, row.reference, "admin check");
  } catch {
    return refuse("provider_failed", "Paystack could not be reached. Try again in a minute.");
  }
  if (!status) return refuse("unavailable", "Paying through Paystack is not switched on here.");
  return succeed({ payeeName: row.payeeName, amountKobo: row.amountKobo, status, message: "" });
}
