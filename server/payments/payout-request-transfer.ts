import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { payoutTransferStep } from "@domain/marketplace/payout-transfer";
import { recordAudit } from "../audit/record-audit";
import { getDb, type Tx } from "../db/client";
import { log } from "../log";
import { countPayout } from "../metrics/registry";
import type { TPayoutAnswer } from "./payee";
import { findTransferProvider } from "./providers/get-payment-provider";
import type { TProviderTransfer } from "./providers/payment-provider";
import { sendBankTransfer } from "./send-bank-transfer";
import { verifyTransfer } from "./verify-transfer";

// A payee's payout requests paid by bank transfer, as sellers' and referrers' are (docs/decisions/0044-payees.md):
// the steps are written once here; the payee passes in its own rows and messages. Payments writes none of the payee's
// tables itself (tests/lint/context-writes.test.ts): every write is one of the payee's functions, in our transaction.

/** A payout request as the shared steps read it; the payee's own row carries the rest. */
type TRequestRow = { id: number; status: string; amountKobo: number };

/** How a transfer's outcome moves one payee's payout requests: its own rows, in the caller's transaction. */
export type TPayoutRequestRows<TRow extends TRequestRow> = {
  /** The audits' resource ("marketplace_payout"); their actions begin with `actionPrefix` ("marketplace.payout"). */
  audit: { resourceType: string; actionPrefix: string };
  /** What the logs call one ("payout", "referral payout"). */
  loggedAs: string;
  /** Its payee in the metrics ("seller", "referrer"). */
  metricsPayee: string;
  /** The request our transfer of this reference pays, locked for update; undefined when there is none. */
  lockByReference(tx: Tx, reference: string): Promise<TRow | undefined>;
  /** Back in the queue, without our reference: the provider never received the transfer. */
  requeue(tx: Tx, row: TRow): Promise<void>;
  /** Paid, with the bank's reference, and the payee told. */
  markPaid(tx: Tx, row: TRow, bankReference: string): Promise<void>;
  /** Failed at the bank or sent back: the amount back in the payee's balance, and the payee told why. */
  markFailed(tx: Tx, row: TRow, providerStatus: string): Promise<void>;
};

/**
 * Applies what the provider says of a payout request's transfer (the rules are payoutTransferStep's): success pays it,
 * failed or reversed (even after success) gives the amount back, pending changes nothing, never received puts the
 * request back in the queue. The row is locked and moves once, so a repeated webhook or a second check changes
 * nothing. Null when no request of the payee has this reference.
 */
export async function applyPayoutRequestTransfer<TRow extends TRequestRow>(
  rows: TPayoutRequestRows<TRow>,
  reference: string,
  transfer: TProviderTransfer | null,
  actorLabel: string,
): Promise<TPayoutStatus | null> {
  let moved: "paid" | "failed" | "requeued" | null = null;
  const outcome = await getDb().transaction(async (tx) => {
    moved = null;
    const row = await rows.lockByReference(tx, reference);
    if (!row) return null;
    const status = row.status as TPayoutStatus;
    const audit = (newData: Record<string, unknown>, action: string) =>
      recordAudit(tx, {
        actorId: null,
        action: `${rows.audit.actionPrefix}.${action}`,
        resourceType: rows.audit.resourceType,
        resourceId: String(row.id),
        oldData: { status, transferReference: reference },
        newData: { ...newData, by: actorLabel },
      });
    const step = payoutTransferStep(status, row.amountKobo, transfer);
    if (step === "mismatch")
      log.error({ payoutId: row.id, reference, amount: transfer?.amountKobo }, `${rows.loggedAs} transfer amount differs`);
    if (step === "requeue") {
      await rows.requeue(tx, row);
      await audit({ status: "requested" }, "transfer_not_made");
      moved = "requeued";
      return "requested";
    }
    if (step === "pay") {
      const bankReference = transfer!.transferCode ?? reference;
      await rows.markPaid(tx, row, bankReference);
      await audit({ status: "paid", bankReference }, "paid");
      moved = "paid";
      return "paid";
    }
    if (step === "fail") {
      await rows.markFailed(tx, row, transfer!.providerStatus);
      await audit({ status: "failed", providerStatus: transfer!.providerStatus }, "transfer_failed");
      moved = "failed";
      return "failed";
    }
    return status;
  });
  // Counted once committed: the row moved once, whatever repeats (docs/operations.md#monitoring).
  if (moved) countPayout(rows.metricsPayee, moved);
  return outcome;
}

/** The rest of a payee's payout requests the send and check steps need: its rows before the transfer, its words. */
export type TPayoutRequests<TRow extends TRequestRow> = TPayoutRequestRows<TRow> & {
  /** Our transfer references to this payee begin so; the request's number follows. */
  referencePrefix: string;
  /** Who the admin reads was paid: "The money is in the seller's account." */
  payee: string;
  /** What the transfer is for, on the bank's statement, before the request's number ("Zavolah marketplace payout"). */
  reason: string;
  /** Runs before the request is claimed, in its own transaction, so what it refuses stays refused. */
  recheck?(payoutId: number): Promise<void>;
  /** The request by its number, locked for update; undefined when there is none to pay by transfer. */
  lock(tx: Tx, payoutId: number): Promise<TRow | undefined>;
  /**
   * In the claim's transaction: whom the request pays, to which account, and the recipient already made for it; or a
   * refusal when it may not leave now (the payee's own checks, which may settle it instead).
   */
  recipient(tx: Tx, row: TRow, adminId: string): Promise<TResult<TRecipient>>;
  /** On its way ("sending") with our reference, decided by the admin. */
  markSending(tx: Tx, row: TRow, reference: string, adminId: string): Promise<void>;
  /** Keeps the recipient the provider made for the account, for the next payout to it. */
  saveRecipientCode(row: TRow, code: string): Promise<void>;
  /** A request's reference, amount and payee's name, for an admin's check. */
  findSent(payoutId: number): Promise<{ reference: string | null; amountKobo: number; payeeName: string } | undefined>;
  /** What the admin reads after a check, by the request's status then. */
  checked: Partial<Record<TPayoutStatus, string>>;
};

type TRecipient = {
  payeeName: string;
  account: { name: string; accountNumber: string; bankCode: string };
  recipientCode: string | null;
};

/** Our reference for a request's transfer: one per request, so the provider refuses a second transfer of it. */
export const payoutRequestReference = (prefix: string, payoutId: number) => `${prefix}${String(payoutId).padStart(6, "0")}`;

/**
 * An admin pays a payout request through the provider's transfer API. The request is claimed first ("sending", with
 * our reference) and committed, so two clicks or two admins send once; the provider's answer, its webhook or a later
 * check then settles it exactly once.
 */
export async function sendPayoutRequestTransfer<TRow extends TRequestRow>(
  requests: TPayoutRequests<TRow>,
  admin: TViewer,
  payoutId: number,
): Promise<TResult<TPayoutAnswer>> {
  const provider = findTransferProvider();
  if (!provider)
    return refuse("unavailable", "Paying through Paystack is not switched on here: send the transfer by hand and record its reference.");
  const reference = payoutRequestReference(requests.referencePrefix, payoutId);
  await requests.recheck?.(payoutId);
  const claimed = await getDb().transaction(async (tx) => {
    const row = await requests.lock(tx, payoutId);
    if (!row) return refuse("not_found", "That payout request does not exist.");
    if (row.status === "sending") return refuse("conflict", "This payout is already on its way through Paystack.");
    if (row.status !== "requested") return refuse("conflict", "This payout has already been settled.");
    const recipient = await requests.recipient(tx, row, admin.id);
    if (!recipient.ok) return recipient;
    await requests.markSending(tx, row, reference, admin.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: `${requests.audit.actionPrefix}.transfer_sent`,
      resourceType: requests.audit.resourceType,
      resourceId: String(row.id),
      oldData: { status: row.status, amountKobo: row.amountKobo },
      newData: { status: "sending", transferReference: reference },
    });
    return succeed({ row, recipient });
  });
  if (!claimed.ok) return claimed;
  countPayout(requests.metricsPayee, "sent");
  const { row, recipient } = claimed;
  const sent = await sendBankTransfer(provider, {
    paidMessage: `The money is in the ${requests.payee}'s account.`,
    recipientCode: recipient.recipientCode,
    saveRecipientCode: (code) => requests.saveRecipientCode(row, code),
    account: recipient.account,
    amountKobo: row.amountKobo,
    reference,
    reason: `${requests.reason} ${row.id}`,
    apply: (transfer) => applyPayoutRequestTransfer(requests, reference, transfer, `${provider.label} transfer`),
  });
  if (!sent.ok) return sent;
  return succeed({ payeeName: recipient.payeeName, amountKobo: row.amountKobo, status: sent.status, message: sent.message });
}

/** An admin asks the provider how a request's transfer on its way went (when its notification is late). */
export async function checkPayoutRequestTransfer<TRow extends TRequestRow>(
  requests: TPayoutRequests<TRow>,
  payoutId: number,
): Promise<TResult<TPayoutAnswer>> {
  const sent = await requests.findSent(payoutId);
  if (!sent?.reference) return refuse("not_found", "That payout was not sent through Paystack.");
  let status: TPayoutStatus | null;
  try {
    const applyTransfer = (reference: string, transfer: TProviderTransfer | null, actorLabel: string) =>
      applyPayoutRequestTransfer(requests, reference, transfer, actorLabel);
    status = await verifyTransfer({ applyTransfer }, sent.reference, "admin check");
  } catch {
    return refuse("provider_failed", "Paystack could not be reached. Try again in a minute.");
  }
  if (!status) return refuse("unavailable", "Paying through Paystack is not switched on here.");
  return succeed({ payeeName: sent.payeeName, amountKobo: sent.amountKobo, status, message: requests.checked[status] ?? "" });
}
