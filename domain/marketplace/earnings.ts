import type { TSettings } from "../settings/settings";

// What the marketplace keeps and what a seller earns (docs/product/marketplace.md#commission, #earnings). Pure and in
// kobo, so the seller's dashboard and the server agree to the kobo.

/** The rate charged, in basis points: the commission setting, never above the maximum commission setting. */
export function commissionRateBasisPoints(settings: Pick<TSettings, "marketplaceCommission" | "maxCommission">): number {
  return Math.max(0, Math.min(settings.marketplaceCommission, settings.maxCommission)) * 100;
}

/** A line's commission, rounded down to the whole kobo: a fraction of a kobo always stays with the seller. */
export function lineCommissionKobo(lineTotalKobo: number, rateBasisPoints: number): number {
  return Math.floor((lineTotalKobo * rateBasisPoints) / 10_000);
}

/** The seller keeps the goods less the commission, plus the delivery fee the buyer paid them. VAT stays with the house. */
export function sellerEarningKobo(part: { subtotalKobo: number; commissionKobo: number; shippingKobo: number }): number {
  return part.subtotalKobo - part.commissionKobo + part.shippingKobo;
}

/** When a delivered part's earning may be paid out: once the buyer's refund window has closed. */
export function earningAvailableAt(deliveredAt: Date, refundWindowDays: number): Date {
  return new Date(deliveredAt.getTime() + refundWindowDays * 86_400_000);
}

export type TEarningRow = { amountKobo: number; status: "held" | "reversed"; availableAt: Date | null };
/**
 * requested: waiting for an admin; sending: handed to the provider's transfer API, outcome not yet known; paid;
 * declined by an admin; failed: the provider could not complete (or reversed) the transfer.
 */
export type TPayoutRow = { amountKobo: number; status: "requested" | "sending" | "paid" | "declined" | "failed" };
export type TEarningState = "pending" | "available" | "reversed";

export const EARNING_STATE_LABEL: Record<TEarningState, string> = {
  pending: "Pending",
  available: "Available",
  reversed: "Reversed (refunded)",
};

/** pending until the part is delivered and the refund window has passed; reversed when the part was refunded. */
export function earningState(e: Pick<TEarningRow, "status" | "availableAt">, now: Date): TEarningState {
  if (e.status === "reversed") return "reversed";
  return e.availableAt && e.availableAt.getTime() <= now.getTime() ? "available" : "pending";
}

export type TSellerBalance = {
  /** Earned but not yet payable: parts not delivered, or inside the refund window. */
  pendingKobo: number;
  /** Payable now: available earnings less every payout requested or paid. */
  availableKobo: number;
  /** Asked for and not yet paid (including transfers on their way). */
  requestedKobo: number;
  paidOutKobo: number;
};

export function sellerBalance(earnings: TEarningRow[], payouts: TPayoutRow[], now: Date): TSellerBalance {
  let pendingKobo = 0;
  let earnedKobo = 0;
  for (const e of earnings) {
    const state = earningState(e, now);
    if (state === "pending") pendingKobo += e.amountKobo;
    else if (state === "available") earnedKobo += e.amountKobo;
  }
  const requestedKobo = payouts.filter((p) => p.status === "requested" || p.status === "sending").reduce((s, p) => s + p.amountKobo, 0);
  const paidOutKobo = payouts.filter((p) => p.status === "paid").reduce((s, p) => s + p.amountKobo, 0);
  // A part refunded after its earning was paid out leaves a negative balance; the next earnings make it up.
  return { pendingKobo, availableKobo: earnedKobo - requestedKobo - paidOutKobo, requestedKobo, paidOutKobo };
}

export type TPayoutStatus = TPayoutRow["status"];
export const PAYOUT_STATUS_LABEL: Record<TPayoutStatus, string> = {
  requested: "Requested",
  sending: "Transfer on its way",
  paid: "Paid",
  declined: "Declined",
  failed: "Transfer failed",
};
/** The smallest payout a seller may ask for, in kobo (bank transfer fees make smaller ones pointless). */
export const MIN_PAYOUT_KOBO = 100_000;

export type TSellerEarningsView = {
  balance: TSellerBalance;
  earnings: { label: string; amountKobo: number; commissionKobo: number; state: TEarningState; availableAt: string | null }[];
  payouts: {
    id: number;
    amountKobo: number;
    status: TPayoutStatus;
    requestedAt: string;
    decidedAt: string | null;
    bankReference: string | null;
    note: string | null;
  }[];
};
