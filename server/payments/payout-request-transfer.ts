import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { payoutTransferStep } from "@domain/marketplace/payout-transfer";
import { recordAudit } from "../audit/record-audit";
import { getDb, type Tx } from "../db/client";
import { log } from "../log";
import type { TProviderTransfer } from "./providers/payment-provider";

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
  return getDb().transaction(async (tx) => {
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
      return "requested";
    }
    if (step === "pay") {
      const bankReference = transfer!.transferCode ?? reference;
      await rows.markPaid(tx, row, bankReference);
      await audit({ status: "paid", bankReference }, "paid");
      return "paid";
    }
    if (step === "fail") {
      await rows.markFailed(tx, row, transfer!.providerStatus);
      await audit({ status: "failed", providerStatus: transfer!.providerStatus }, "transfer_failed");
      return "failed";
    }
    return status;
  });
}
