import type { TSettings } from "../settings/settings";

// Refer and earn's money (docs/product/refer-and-earn.md#commissions): which lines earn, how much, when it is held and
// when a payout may be asked for. Pure, in kobo, shared by the page and the server.

export const COMMISSION_STATUSES = {
  pending: "Pending",
  approved: "Approved",
  paid: "Paid",
  reversed: "Reversed",
  refused: "Refused",
} as const;
export type TCommissionStatus = keyof typeof COMMISSION_STATUSES;

/** The setting that decides whether each kind of order line earns a commission; a kind not listed never does. */
export const COMMISSION_KIND_SETTINGS = {
  variant: "referralOnStore",
  course: "referralOnCourses",
  listing: "referralOnMarketplace",
  plan_renewal: "referralOnPlans",
  wallet_topup: "referralOnTopUps",
} as const satisfies Record<string, keyof TSettings>;

export function kindEarnsCommission(kind: string, settings: TSettings): boolean {
  const setting = (COMMISSION_KIND_SETTINGS as Record<string, keyof TSettings>)[kind];
  return !!setting && settings[setting] === true;
}

/** The rate that applies: the admin's, never above the maximum (also refused when saved). */
export const commissionRatePercent = (settings: Pick<TSettings, "referralCommission" | "maxCommission">) =>
  Math.max(0, Math.min(settings.referralCommission, settings.maxCommission));

export type TCommissionLine = { id: number; lineTotalKobo: number; house: boolean };

/**
 * What each line earns on: its total (prices are before VAT, and delivery is not on lines) less its share of the
 * order's discount. The discount counts against the house's lines (order-pricing.ts), shared in proportion to their
 * totals; each share is rounded up, so a line never earns on a kobo the customer did not pay.
 */
export function commissionBases(lines: TCommissionLine[], discountKobo: number): Map<number, number> {
  const houseTotal = lines.filter((l) => l.house).reduce((sum, l) => sum + l.lineTotalKobo, 0);
  const discount = Math.min(Math.max(0, discountKobo), houseTotal);
  return new Map(
    lines.map((l) => {
      const share = l.house && houseTotal > 0 ? Math.ceil((discount * l.lineTotalKobo) / houseTotal) : 0;
      return [l.id, Math.max(0, l.lineTotalKobo - share)];
    }),
  );
}

/** The commission on a base at a whole-percent rate, rounded down to the kobo. */
export const commissionKobo = (baseKobo: number, ratePercent: number) => Math.floor((baseKobo * ratePercent) / 100);

/** Whether an order paid at `paidAt` by someone who joined at `joinedAt` is inside the programme's window. */
export function withinReferralWindow(joinedAt: Date, paidAt: Date, windowMonths: number): boolean {
  const end = new Date(joinedAt);
  end.setUTCMonth(end.getUTCMonth() + windowMonths);
  return paidAt.getTime() < end.getTime();
}

/**
 * When a held commission may be approved: `holdDays` after payment for what is not delivered (a course, a plan, a
 * design), after delivery for goods that are; null while those goods are still on their way.
 */
export function commissionHeldUntil(p: { ships: boolean; paidAt: Date; deliveredAt: Date | null }, holdDays: number): Date | null {
  const from = p.ships ? p.deliveredAt : p.paidAt;
  return from ? new Date(from.getTime() + holdDays * 86_400_000) : null;
}

export type TPayoutCheck = {
  amountKobo: number;
  balanceKobo: number;
  minPayoutKobo: number;
  qualifiedReferrals: number;
  minReferrals: number;
};

/**
 * Why a payout cannot be asked for now, or null. A payout is the whole balance: the amount the page showed is sent
 * back, so a balance that moved since (a refund, a payout from another tab) is caught rather than guessed at.
 */
export function payoutRefusal(p: TPayoutCheck, formatKobo: (kobo: number) => string): string | null {
  if (p.qualifiedReferrals < p.minReferrals)
    return `Payouts open once ${p.minReferrals} ${p.minReferrals === 1 ? "friend has" : "friends have"} made a purchase that earned you an approved commission.`;
  if (p.balanceKobo <= 0) return "You have no approved commission to pay out yet.";
  if (p.balanceKobo < p.minPayoutKobo)
    return `Your balance is ${formatKobo(p.balanceKobo)}; payouts start at ${formatKobo(p.minPayoutKobo)}.`;
  if (p.amountKobo !== p.balanceKobo)
    return `Your balance is now ${formatKobo(p.balanceKobo)}, not ${formatKobo(Math.max(0, p.amountKobo))}. Check it and ask again.`;
  return null;
}

/** Points on the profile: ten for each friend who qualified (their purchase earned an approved commission). */
export const REFERRAL_POINTS_PER_QUALIFIED = 10;

export const REFERRAL_BADGES = [
  { from: 1, name: "Connector" },
  { from: 5, name: "Ambassador" },
  { from: 20, name: "Champion" },
] as const;

export function referralBadge(qualified: number): string | null {
  return REFERRAL_BADGES.filter((b) => qualified >= b.from).at(-1)?.name ?? null;
}
