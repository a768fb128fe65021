import { and, eq, inArray, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { investmentReference } from "@domain/investments/investment-rules";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { findTransferProvider } from "../payments/providers/get-payment-provider";
import { verifyTransfer } from "../payments/verify-transfer";
import { sendBankTransfer } from "../payments/send-bank-transfer";
import { redemptionAmountKobo, redemptionPayable } from "./redemptions";
import { distributionDeclarations, distributionPayments, investments, investmentTiers, investors } from "./schema";
import { applyInvestmentTransfer, nextPrincipalTransferReference, nextShareTransferReference } from "./sync-investment-transfer";

// Paying investors through the provider's transfers (docs/product/investments.md#payouts), as sellers and referrers
// are paid: each payment is claimed first ("sending", with our reference) and committed, so two clicks or two admins
// send once; the provider's answer, its webhook or a later check settles it exactly once.

const NOT_SWITCHED_ON = "Paying through Paystack is not switched on here: send the transfers by hand and record the bank's reference.";

type TInvestor = typeof investors.$inferSelect;

/** Sends one claimed payment to the investor's checked account, keeping the recipient the provider makes the first time. */
function sendToInvestor(
  provider: NonNullable<ReturnType<typeof findTransferProvider>>,
  investor: TInvestor,
  payment: { amountKobo: number; reference: string; reason: string; paidMessage: string },
) {
  return sendBankTransfer(provider, {
    paidMessage: payment.paidMessage,
    recipientCode: investor.transferRecipientCode,
    saveRecipientCode: async (code) => {
      investor.transferRecipientCode = code;
      await getDb().update(investors).set({ transferRecipientCode: code }).where(eq(investors.userId, investor.userId));
    },
    account: { name: investor.accountName, accountNumber: investor.accountNumber, bankCode: investor.bankCode },
    amountKobo: payment.amountKobo,
    reference: payment.reference,
    reason: payment.reason,
    apply: (transfer) => applyInvestmentTransfer(payment.reference, transfer, `${provider.label} transfer`),
  });
}

export type TSentShares = { tierName: string; sent: number; paid: number; failed: number; message: string };

/**
 * An admin sends an approved distribution's shares waiting to be paid through the provider. All are claimed in one
 * transaction (the declaration locked), then sent one by one; a share whose transfer fails goes back to be paid, with
 * the reason, and can be sent again or paid by hand.
 */
export async function sendDistributionTransfers(admin: TViewer, declarationId: number): Promise<TResult<TSentShares>> {
  const provider = findTransferProvider();
  if (!provider) return refuse("unavailable", NOT_SWITCHED_ON);
  const claimed = await getDb().transaction(async (tx) => {
    const [d] = await tx.select().from(distributionDeclarations).where(eq(distributionDeclarations.id, declarationId)).for("update");
    if (!d) return refuse("not_found", "That declaration does not exist.");
    if (d.status !== "approved") return refuse("conflict", "Only an approved distribution can be paid.");
    const shares = await tx
      .update(distributionPayments)
      .set({
        status: "sending",
        transferReference: nextShareTransferReference(),
        transferAttempts: sql`${distributionPayments.transferAttempts} + 1`,
      })
      .where(and(eq(distributionPayments.declarationId, d.id), eq(distributionPayments.status, "scheduled")))
      .returning();
    if (shares.length === 0) return refuse("conflict", "No share of this distribution waits to be paid.");
    await recordAudit(tx, {
      actorId: admin.id,
      action: "investments.distribution.transfers_sent",
      resourceType: "distribution_declaration",
      resourceId: String(d.id),
      newData: { shares: shares.map((s) => ({ id: s.id, netKobo: s.netKobo, transferReference: s.transferReference })) },
    });
    const owners = await tx
      .select()
      .from(investors)
      .where(
        inArray(
          investors.userId,
          shares.map((s) => s.userId),
        ),
      );
    const [tier] = await tx.select({ name: investmentTiers.name }).from(investmentTiers).where(eq(investmentTiers.id, d.tierId));
    return succeed({ shares, owners: new Map(owners.map((o) => [o.userId, o])), tierName: tier?.name ?? "" });
  });
  if (!claimed.ok) return claimed;
  const counts: Record<TPayoutStatus, number> = { requested: 0, sending: 0, paid: 0, failed: 0, declined: 0 };
  for (const share of claimed.shares) {
    const investor = claimed.owners.get(share.userId)!;
    const sent = await sendToInvestor(provider, investor, {
      amountKobo: share.netKobo,
      reference: share.transferReference!,
      reason: `Zavolah ${claimed.tierName} distribution`,
      paidMessage: "",
    });
    counts[sent.ok ? sent.status : "requested"] += 1;
  }
  const back = counts.requested + counts.failed;
  return succeed({
    tierName: claimed.tierName,
    sent: claimed.shares.length,
    paid: counts.paid,
    failed: back,
    message:
      back > 0
        ? `${back} did not go through and wait to be paid again: the reason is on each.`
        : counts.sending > 0
          ? "Paystack is sending them; the page shows the outcome when it arrives."
          : "The money is in the investors' accounts.",
  });
}

/** An admin asks the provider how a distribution's transfers on their way went (when their notifications are late). */
export async function checkDistributionTransfers(declarationId: number): Promise<TResult<{ checked: number }>> {
  if (!findTransferProvider()) return refuse("unavailable", NOT_SWITCHED_ON);
  const sending = await getDb()
    .select({ reference: distributionPayments.transferReference })
    .from(distributionPayments)
    .where(and(eq(distributionPayments.declarationId, declarationId), eq(distributionPayments.status, "sending")));
  try {
    for (const s of sending) await verifyTransfer({ applyTransfer: applyInvestmentTransfer }, s.reference!, "admin check");
  } catch {
    return refuse("provider_failed", "Paystack could not be reached. Try again in a minute.");
  }
  return succeed({ checked: sending.length });
}

/**
 * An admin sends a principal asked back through the provider: the amount (principal and reinvested distributions) is
 * fixed and the redemption claimed in one transaction, so it is sent once.
 */
export async function sendRedemptionTransfer(
  admin: TViewer,
  investmentId: number,
): Promise<TResult<{ reference: string; amountKobo: number; status: TPayoutStatus; message: string }>> {
  const provider = findTransferProvider();
  if (!provider) return refuse("unavailable", NOT_SWITCHED_ON);
  const claimed = await getDb().transaction(async (tx) => {
    const [i] = await tx.select().from(investments).where(eq(investments.id, investmentId)).for("update");
    const payable = redemptionPayable(i);
    if (!payable.ok) return payable;
    const amountKobo = await redemptionAmountKobo(tx, i!);
    const [claim] = await tx
      .update(investments)
      .set({
        redemptionKobo: amountKobo,
        redemptionTransferReference: nextPrincipalTransferReference(),
        redemptionTransferAttempts: sql`${investments.redemptionTransferAttempts} + 1`,
      })
      .where(eq(investments.id, i!.id))
      .returning({ transferReference: investments.redemptionTransferReference });
    await recordAudit(tx, {
      actorId: admin.id,
      action: "investments.redemption.transfer_sent",
      resourceType: "investment",
      resourceId: String(i!.id),
      newData: { amountKobo, transferReference: claim!.transferReference },
    });
    const [investor] = await tx.select().from(investors).where(eq(investors.userId, i!.userId));
    return succeed({ investment: i!, investor: investor!, amountKobo, transferReference: claim!.transferReference! });
  });
  if (!claimed.ok) return claimed;
  const reference = investmentReference(claimed.investment.id, claimed.investment.placedAt);
  const sent = await sendToInvestor(provider, claimed.investor, {
    amountKobo: claimed.amountKobo,
    reference: claimed.transferReference,
    reason: `Zavolah investment ${reference} principal`,
    paidMessage: "The money is in the investor's account.",
  });
  return sent.ok ? succeed({ reference, amountKobo: claimed.amountKobo, ...sent }) : sent;
}

/** An admin asks the provider how a principal's transfer on its way went. */
export async function checkRedemptionTransfer(investmentId: number): Promise<TResult<{ status: TPayoutStatus }>> {
  if (!findTransferProvider()) return refuse("unavailable", NOT_SWITCHED_ON);
  const [i] = await getDb()
    .select({ reference: investments.redemptionTransferReference })
    .from(investments)
    .where(eq(investments.id, investmentId));
  if (!i?.reference) return refuse("not_found", "That principal is not on its way through Paystack.");
  try {
    const status = await verifyTransfer({ applyTransfer: applyInvestmentTransfer }, i.reference, "admin check");
    return succeed({ status: status ?? "sending" });
  } catch {
    return refuse("provider_failed", "Paystack could not be reached. Try again in a minute.");
  }
}
