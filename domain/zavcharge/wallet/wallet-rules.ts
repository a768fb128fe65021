// The ZavCharge wallet (docs/product/zavcharge.md#wallet): top-up limits, its entries and staff adjustments.

/** Below this balance after a session, the driver is told to top up (₦1,000). */
export const LOW_BALANCE_KOBO = 100_000;
/** Top-ups: presets and the custom range (₦500 to ₦500,000). */
export const TOP_UP_PRESETS_KOBO = [200_000, 500_000, 1_000_000, 2_000_000] as const;
export const TOP_UP_MIN_KOBO = 50_000;
export const TOP_UP_MAX_KOBO = 50_000_000;
export const WALLET_ENTRY_KINDS = [
  "welcome_credit",
  "top_up",
  "charging",
  "plan_renewal",
  "refund",
  "adjustment",
  "referral_payout",
] as const;
export type TWalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const WALLET_ENTRY_LABELS: Record<TWalletEntryKind, string> = {
  welcome_credit: "Welcome credit",
  top_up: "Top-up",
  charging: "Charging",
  plan_renewal: "Plan renewal",
  refund: "Refund",
  adjustment: "Adjustment",
  referral_payout: "Referral earnings",
};
/** A staff wallet adjustment: at most ₦500,000 at a time. */
export const ADJUSTMENT_MAX_KOBO = 50_000_000;
