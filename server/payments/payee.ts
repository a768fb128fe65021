import type { TViewer } from "@domain/access/roles";
import type { TResult } from "@domain/errors/app-error";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import type { TSettlePayout } from "@domain/marketplace/payout-input";
import type { TProviderTransfer } from "./providers/payment-provider";

// Someone the site pays out to through the provider's transfers (docs/decisions/0044-payees.md), as a purchasable
// kind is something it sells: sellers, referrers and investors each implement this in their own context and are
// listed once in payees.ts. Payments owns the transfer path (send, verify, the webhook); the payee owns who is owed
// what, and what a transfer's outcome does to its own rows.

/** One payout request in the admins' queue (/admin/payouts), whoever it pays. */
export type TPayoutRow = {
  id: number;
  payeeName: string;
  amountKobo: number;
  status: TPayoutStatus;
  bank: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** The account's name was checked with the bank. */
  accountVerified: boolean;
  /** Payouts to this payee are held (a suspended store): the admin sees why before paying. */
  held: boolean;
  transferReference: string | null;
  bankReference: string | null;
  note: string | null;
  requestedAt: string;
  decidedAt: string | null;
};

/** What an admin's send, check or settlement did, in the words the page shows. */
export type TPayoutAnswer = { payeeName: string; amountKobo: number; status: TPayoutStatus; message: string };

/** The requests a payee asks for and an admin settles on /admin/payouts (investors are paid from /admin/investments). */
export type TPayoutQueue = {
  /** The queue's heading on the page ("Marketplace sellers"). */
  title: string;
  /** Who hears of a settlement, for the admin's confirmation ("The seller"). */
  told: string;
  list(): Promise<{ waiting: TPayoutRow[]; settled: TPayoutRow[] }>;
  /** Pays a waiting request through the provider: claimed first, so two admins send once. */
  send(admin: TViewer, payoutId: number): Promise<TResult<TPayoutAnswer>>;
  /** Asks the provider how a transfer on its way went and applies the answer. */
  check(payoutId: number): Promise<TResult<TPayoutAnswer>>;
  /** Settles by hand: paid with the bank's reference, or declined with a reason. */
  settle(admin: TViewer, input: TSettlePayout): Promise<TResult<Omit<TPayoutAnswer, "status" | "message">>>;
};

export type TPayee = {
  /** Its name in forms and logs: "seller", "referrer", "investor". */
  payee: string;
  /** Every transfer reference of ours to this payee starts with it: the transfer webhook finds the payee by it. */
  referencePrefix: string;
  /**
   * Applies the provider's word on one transfer (null: the provider never received it) to the payee's own rows, once:
   * the row is locked and moves once, so a repeated webhook or a second check changes nothing. Null when no transfer
   * of the payee has this reference.
   */
  applyTransfer(reference: string, transfer: TProviderTransfer | null, actorLabel: string): Promise<TPayoutStatus | null>;
  queue?: TPayoutQueue;
};
