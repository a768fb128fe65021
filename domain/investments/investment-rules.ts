import { refuse, succeed, type TResult } from "../errors/app-error";
import { formatKobo } from "../money/money";

// Solar investments (docs/product/investments.md): an investment's life, its calendar (maturity, lock-up,
// distribution dates), the SEC crowdfunding allowance, the limits a tier puts on an amount, its printable
// reference and how a distribution is shared out. Pure, in kobo and UTC instants with Lagos calendar rules
// (UTC+1 all year, no daylight saving); shared by the page and the server.

const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Lagos wall clock of an instant, read with the UTC getters. */
const lagosWall = (d: Date) => new Date(d.getTime() + LAGOS_OFFSET_MS);

// ---------------------------------------------------------------------------------------------------------------
// Statuses (docs/product/investments.md#investments)

export const INVESTMENT_STATUSES = ["pending_payment", "active", "matured", "redeemed", "cancelled"] as const;
export type TInvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

export const INVESTMENT_STATUS_LABEL: Record<TInvestmentStatus, string> = {
  pending_payment: "Awaiting payment",
  active: "Active",
  matured: "Matured",
  redeemed: "Redeemed",
  cancelled: "Cancelled",
};

export const INVESTMENT_MOVES = ["activate", "cancel", "mature", "redeem", "redeem_early"] as const;
export type TInvestmentMove = (typeof INVESTMENT_MOVES)[number];

/** Each move's one starting status and where it leads; redeemed and cancelled are final. */
const MOVES: Record<TInvestmentMove, { from: TInvestmentStatus; to: TInvestmentStatus }> = {
  activate: { from: "pending_payment", to: "active" },
  cancel: { from: "pending_payment", to: "cancelled" },
  mature: { from: "active", to: "matured" },
  redeem: { from: "matured", to: "redeemed" },
  redeem_early: { from: "active", to: "redeemed" },
};

/**
 * The status after a move, or null when the move is not allowed from that status.
 * activate: pending_payment→active (payment verified); cancel: pending_payment→cancelled (unpaid order cancelled, or
 * refunded before any distribution); mature: active→matured (maturity date reached); redeem: matured→redeemed
 * (principal paid back); redeem_early: active→redeemed, only when ctx.earlyRedemptionAllowed and
 * ctx.now >= ctx.lockUpEndsAt. Without ctx an early redemption is refused: the lock-up is never assumed over.
 */
export function nextInvestmentStatus(
  status: TInvestmentStatus,
  move: TInvestmentMove,
  ctx?: { now: Date; lockUpEndsAt: Date; earlyRedemptionAllowed: boolean },
): TInvestmentStatus | null {
  const rule = MOVES[move];
  if (!rule || rule.from !== status) return null;
  if (move === "redeem_early" && !(ctx?.earlyRedemptionAllowed && ctx.now.getTime() >= ctx.lockUpEndsAt.getTime())) return null;
  return rule.to;
}

// ---------------------------------------------------------------------------------------------------------------
// The calendar (docs/product/investments.md#investments, #distributions)

export const DISTRIBUTION_FREQUENCIES = ["monthly", "quarterly", "yearly"] as const;
export type TDistributionFrequency = (typeof DISTRIBUTION_FREQUENCIES)[number];

export const DISTRIBUTION_FREQUENCY_LABEL: Record<TDistributionFrequency, string> = {
  monthly: "Monthly",
  quarterly: "Every quarter",
  yearly: "Once a year",
};

const FREQUENCY_MONTHS = { monthly: 1, quarterly: 3, yearly: 12 } as const satisfies Record<TDistributionFrequency, number>;

export const monthsBetweenDistributions = (f: TDistributionFrequency): 1 | 3 | 12 => FREQUENCY_MONTHS[f];

/**
 * Adds calendar months in Lagos time, keeping the Lagos time of day; a day the target month lacks is clamped to its
 * last day (31 Jan + 1 month = 28 Feb, or 29 Feb in a leap year). Negative months go back.
 */
export function addLagosMonths(date: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError(`addLagosMonths: ${months} is not a whole number of months`);
  const wall = lagosWall(date);
  const timeOfDay = wall.getTime() - Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  // Date.UTC rolls month numbers past 11 (or below 0) into the right year.
  const first = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(wall.getUTCDate(), lastDay);
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day) + timeOfDay - LAGOS_OFFSET_MS);
}

export const maturityDateOf = (start: Date, tenorMonths: number) => addLagosMonths(start, tenorMonths);

export const lockUpEndOf = (start: Date, lockupMonths: number) => addLagosMonths(start, lockupMonths);

/**
 * The first distribution date strictly after `now`, counting whole periods from `start`, not after maturity; null
 * when none is left. Each date is counted from the start (start + k periods), not from the date before, so a
 * clamped month does not drift the rest: 31 Jan runs 28 Feb, 31 Mar, 30 Apr, not 28 Feb, 28 Mar, 28 Apr. A date
 * that falls on maturity is paid (docs/product/investments.md#distributions).
 */
export function nextDistributionDate(start: Date, frequency: TDistributionFrequency, maturity: Date, now: Date): Date | null {
  const step = FREQUENCY_MONTHS[frequency];
  const from = lagosWall(start);
  const at = lagosWall(now);
  const monthsSoFar = (at.getUTCFullYear() - from.getUTCFullYear()) * 12 + (at.getUTCMonth() - from.getUTCMonth());
  // Start a period early of the estimate and walk forward: at most a couple of steps.
  let k = Math.max(1, Math.floor(monthsSoFar / step) - 1);
  let date = addLagosMonths(start, k * step);
  while (date.getTime() <= now.getTime()) date = addLagosMonths(start, ++k * step);
  return date.getTime() <= maturity.getTime() ? date : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The SEC allowance (docs/product/investments.md#allowance): a retail investor may put in at most 10% of annual
// income a year, the year being the Lagos calendar year the investment was placed in.

export const INCOME_BANDS = ["under_2_4m", "2_4m_to_6m", "6m_to_12m", "12m_to_30m", "30m_to_60m", "over_60m"] as const;
export type TIncomeBand = (typeof INCOME_BANDS)[number];

export const INCOME_BAND_LABEL: Record<TIncomeBand, string> = {
  under_2_4m: "Below ₦2.4 million a year",
  "2_4m_to_6m": "₦2.4 million to ₦6 million a year",
  "6m_to_12m": "₦6 million to ₦12 million a year",
  "12m_to_30m": "₦12 million to ₦30 million a year",
  "30m_to_60m": "₦30 million to ₦60 million a year",
  over_60m: "Above ₦60 million a year",
};

/**
 * The income the 10% rule counts for a band, in kobo: its lower bound, since all a band tells us is that the person
 * earns at least that; the lowest band has no lower bound and counts at ₦1,200,000, half its upper bound.
 */
export const INCOME_COUNTED_KOBO: Record<TIncomeBand, number> = {
  under_2_4m: 120_000_000,
  "2_4m_to_6m": 240_000_000,
  "6m_to_12m": 600_000_000,
  "12m_to_30m": 1_200_000_000,
  "30m_to_60m": 3_000_000_000,
  over_60m: 6_000_000_000,
};

/** 10% of the counted income, rounded down to the kobo. */
export const yearlyAllowanceKobo = (band: TIncomeBand) => Math.floor(INCOME_COUNTED_KOBO[band] / 10);

/**
 * What is left of the year's allowance after what was put in this Lagos calendar year (never below 0). The caller
 * sums the principal of the investor's investments placed inside lagosYearOf(now), cancelled ones aside.
 */
export function allowanceLeftKobo(band: TIncomeBand, investedThisYearKobo: number): number {
  return Math.max(0, yearlyAllowanceKobo(band) - Math.max(0, investedThisYearKobo));
}

/** The Lagos calendar year of a date, and its start and end as UTC instants (start inclusive, end exclusive). */
export function lagosYearOf(date: Date): { year: number; start: Date; end: Date } {
  const year = lagosWall(date).getUTCFullYear();
  return {
    year,
    start: new Date(Date.UTC(year, 0, 1) - LAGOS_OFFSET_MS),
    end: new Date(Date.UTC(year + 1, 0, 1) - LAGOS_OFFSET_MS),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A tier's limits (docs/product/investments.md#tiers)

export type TTierLimits = {
  name: string;
  minKobo: number;
  maxKobo: number | null;
  raiseCapKobo: number | null;
  raisedKobo: number;
  open: boolean;
};

/** "₦100,000": amounts are whole naira, so the figure is too (rounded the way that keeps the advice true). */
const wholeNaira = (kobo: number, round: (n: number) => number) => formatKobo(round(kobo / 100) * 100).replace(/\.00$/, "");

const amountRefusal = (message: string) => refuse("invalid_input", message, { field: "amount" });

/**
 * Checks an amount against a tier and the investor's allowance, in this order: the tier is open and not fully
 * raised (conflict: no amount would do), the amount is whole naira, then the tier's minimum, maximum and what is left
 * to raise, then the allowance (invalid_input on the amount: another amount may do). Each refusal names the figure.
 */
export function checkInvestmentAmount(amountKobo: number, tier: TTierLimits, allowanceLeft: number): TResult<{ amountKobo: number }> {
  const left = tier.raiseCapKobo === null ? null : Math.max(0, tier.raiseCapKobo - tier.raisedKobo);
  if (!tier.open) return refuse("conflict", `The ${tier.name} tier is closed to new investments.`);
  if (left !== null && left < 100) return refuse("conflict", `The ${tier.name} tier is fully subscribed.`);
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo % 100 !== 0)
    return amountRefusal("Enter an amount in whole naira.");
  if (amountKobo < tier.minKobo) return amountRefusal(`The ${tier.name} tier takes at least ${wholeNaira(tier.minKobo, Math.ceil)}.`);
  if (tier.maxKobo !== null && amountKobo > tier.maxKobo)
    return amountRefusal(`The ${tier.name} tier takes at most ${wholeNaira(tier.maxKobo, Math.floor)}.`);
  if (left !== null && amountKobo > left) return amountRefusal(`The ${tier.name} tier has ${wholeNaira(left, Math.floor)} left to raise.`);
  if (amountKobo > allowanceLeft) {
    const rule = "the SEC limits investments to 10% of your yearly income.";
    return amountRefusal(
      allowanceLeft < 100
        ? `You have invested all you may this year: ${rule}`
        : `You may invest ${wholeNaira(allowanceLeft, Math.floor)} more this year: ${rule}`,
    );
  }
  return succeed({ amountKobo });
}

// ---------------------------------------------------------------------------------------------------------------
// References (docs/product/investments.md#investments)

/**
 * A unique, printable reference for an investment: "ZINV-2026-000042" from its id (unique on its own; padded to six
 * digits, longer past 999,999) and the Lagos year it was placed (for people reading it).
 */
export const investmentReference = (id: number, placedAt: Date) => {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`investmentReference: ${id} is not an investment id`);
  return `ZINV-${lagosYearOf(placedAt).year}-${String(id).padStart(6, "0")}`;
};

const REFERENCE = /^ZINV-(20\d{2})-(\d{6,15})$/;

/**
 * The id in a reference, or null when it is not one exactly as investmentReference writes it (no spaces, lower case
 * or extra zeros). The year is not checked here: compare investmentReference(row.id, row.placedAt) with the reference.
 */
export const parseInvestmentReference = (ref: string): { id: number } | null => {
  const m = REFERENCE.exec(ref);
  if (!m) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) && id > 0 && String(id).padStart(6, "0") === m[2] ? { id } : null;
};

// ---------------------------------------------------------------------------------------------------------------
// Distributions (docs/product/investments.md#distributions): shared pro rata by principal × days invested in the
// period, then approved by a second admin.
//
// Days are whole Lagos calendar days. A holding counts the Lagos day it started on (money paid at 15:00 counts that
// day) and not the day it ended on (redeemed or cancelled), so [start, end) covers dayOf(end) − dayOf(start) days,
// and a holding started and ended on the same day counts none. The period's bounds are meant to be Lagos midnights;
// any other instant counts as the Lagos day it falls in.

export type TDistributionHolding = {
  investmentId: number;
  principalKobo: number;
  start: Date;
  /** When it was redeemed or cancelled; null while it is held. */
  end: Date | null;
};
export type TDistributionShare = { investmentId: number; days: number; weight: bigint; amountKobo: number };

/** How a share of an approved distribution stands (docs/product/investments.md#distributions). */
export const DISTRIBUTION_PAYMENT_STATUSES = ["scheduled", "sending", "paid", "reinvested"] as const;
export type TDistributionPaymentStatus = (typeof DISTRIBUTION_PAYMENT_STATUSES)[number];
export const DISTRIBUTION_PAYMENT_STATUS_LABEL: Record<TDistributionPaymentStatus, string> = {
  scheduled: "To be paid",
  sending: "Transfer on its way",
  paid: "Paid",
  reinvested: "Reinvested",
};

/**
 * An investor's share of an approved distribution: the period, the amounts and how it stands. The server adds when it
 * was approved and paid as dates, the pages as ISO strings.
 */
export type TDistributionShareFigures = {
  /** Lagos days, YYYY-MM-DD; the end is exclusive (the first day after the period). */
  periodStart: string;
  periodEnd: string;
  grossKobo: number;
  withholdingKobo: number;
  netKobo: number;
  status: TDistributionPaymentStatus;
};

/**
 * What a holding earns on in a period starting `periodStart` (YYYY-MM-DD, Lagos): its principal and the distributions
 * reinvested in it from periods that had ended by then (docs/product/investments.md#reinvesting). A share reinvested
 * from a later period never counts backwards, whatever order the periods are approved in.
 */
export function earningPrincipalKobo(principalKobo: number, reinvested: { netKobo: number; periodEnd: string }[], periodStart: string) {
  return reinvested.reduce((sum, r) => (r.periodEnd <= periodStart ? sum + r.netKobo : sum), principalKobo);
}

/** The Lagos calendar day an instant falls in, as a count of days. */
const lagosDayNumber = (d: Date) => Math.floor((d.getTime() + LAGOS_OFFSET_MS) / DAY_MS);

function daysHeld(h: TDistributionHolding, periodStart: Date, periodEnd: Date): number {
  const from = Math.max(lagosDayNumber(h.start), lagosDayNumber(periodStart));
  const to = Math.min(lagosDayNumber(h.end ?? periodEnd), lagosDayNumber(periodEnd));
  return Math.max(0, to - from);
}

function weighted(holdings: TDistributionHolding[], periodStart: Date, periodEnd: Date) {
  return holdings.flatMap((h) => {
    if (!Number.isSafeInteger(h.principalKobo) || h.principalKobo < 0)
      throw new RangeError(`Investment ${h.investmentId}: principal ${h.principalKobo} is not kobo`);
    const days = daysHeld(h, periodStart, periodEnd);
    const weight = BigInt(h.principalKobo) * BigInt(days);
    return weight > 0n ? [{ investmentId: h.investmentId, days, weight }] : [];
  });
}

const checkKobo = (what: string, kobo: number) => {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`${what}: ${kobo} is not kobo`);
};

/**
 * Splits a pool (kobo) over the holdings for [periodStart, periodEnd), pro rata by principal × days held (see above).
 * Each share is floor(pool × weight / totalWeight), in BigInt so nothing overflows; the kobo the rounding drops
 * (remainderKobo, always fewer than the shares) are paid to no one and reported, so the admin sees them. Holdings
 * with no days (or no principal) get no share and are left out; with none left the whole pool is remainder.
 * totalDays is the length of the period in Lagos days.
 */
export function splitPool(
  poolKobo: number,
  holdings: TDistributionHolding[],
  periodStart: Date,
  periodEnd: Date,
): { shares: TDistributionShare[]; remainderKobo: number; totalDays: number } {
  checkKobo("splitPool pool", poolKobo);
  const totalDays = Math.max(0, lagosDayNumber(periodEnd) - lagosDayNumber(periodStart));
  const held = weighted(holdings, periodStart, periodEnd);
  const totalWeight = held.reduce((sum, h) => sum + h.weight, 0n);
  if (totalWeight === 0n) return { shares: [], remainderKobo: poolKobo, totalDays };
  const pool = BigInt(poolKobo);
  const shares = held.map((h) => ({ ...h, amountKobo: Number((pool * h.weight) / totalWeight) }));
  const paid = shares.reduce((sum, s) => sum + s.amountKobo, 0);
  return { shares, remainderKobo: poolKobo - paid, totalDays };
}

/**
 * A rate basis: each holding gets principal × ratePerYearBasisPoints/10000 × days/365 (a 365-day year, leap years
 * too), floored to the kobo, in BigInt. remainderKobo is the sum of the fractions dropped, floored: what an unrounded
 * sum would have paid more, reported and paid to no one.
 */
export function applyRate(
  ratePerYearBasisPoints: number,
  holdings: TDistributionHolding[],
  periodStart: Date,
  periodEnd: Date,
): { shares: TDistributionShare[]; totalKobo: number; remainderKobo: number } {
  checkKobo("applyRate rate (basis points)", ratePerYearBasisPoints);
  const rate = BigInt(ratePerYearBasisPoints);
  const denominator = 10_000n * 365n;
  const held = weighted(holdings, periodStart, periodEnd);
  const shares = held.map((h) => ({ ...h, amountKobo: Number((h.weight * rate) / denominator) }));
  const totalKobo = shares.reduce((sum, s) => sum + s.amountKobo, 0);
  const exact = held.reduce((sum, h) => sum + h.weight * rate, 0n) / denominator;
  return { shares, totalKobo, remainderKobo: Number(exact) - totalKobo };
}

/** Withholding tax on a distribution: floor(amount × rateBasisPoints / 10000), in BigInt past 2^53. */
export const withholdingKobo = (amountKobo: number, rateBasisPoints: number) => {
  checkKobo("withholdingKobo amount", amountKobo);
  checkKobo("withholdingKobo rate (basis points)", rateBasisPoints);
  return Number((BigInt(amountKobo) * BigInt(rateBasisPoints)) / 10_000n);
};

// The government IDs an investor may prove who they are with (docs/product/investments.md#applications).
export const ID_TYPES = ["nin", "passport", "drivers_licence", "voters_card"] as const;
export type TIdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABEL: Record<TIdType, string> = {
  nin: "National Identification Number (NIN)",
  passport: "International passport",
  drivers_licence: "Driver's licence",
  voters_card: "Permanent voter's card",
};
