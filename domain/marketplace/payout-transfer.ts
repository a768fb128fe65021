import type { TPayoutStatus } from "./earnings";

// What a payment provider's word on a payout's transfer does to the payout (docs/product/marketplace.md#payouts), for
// sellers' payouts and referrers' bank payouts alike (docs/product/refer-and-earn.md#payouts). Pure.

export type TPayoutTransferStep = "requeue" | "pay" | "fail" | "mismatch" | "none";

export function payoutTransferStep(
  status: TPayoutStatus,
  payoutKobo: number,
  transfer: { status: "success" | "failed" | "pending"; amountKobo: number } | null,
): TPayoutTransferStep {
  // The provider never received it: while it was on its way, the request waits again.
  if (transfer === null) return status === "sending" ? "requeue" : "none";
  // Never settle on a transfer that does not match: an admin looks at it.
  if (transfer.amountKobo !== payoutKobo) return "mismatch";
  if (transfer.status === "success" && status === "sending") return "pay";
  // A reversal may come after success: the money came back, so the payout failed after all.
  if (transfer.status === "failed" && (status === "sending" || status === "paid")) return "fail";
  return "none";
}
