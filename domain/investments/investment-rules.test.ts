import { describe, expect, it } from "vitest";
import {
  INCOME_BANDS,
  INVESTMENT_MOVES,
  INVESTMENT_STATUSES,
  addLagosMonths,
  allowanceLeftKobo,
  applyRate,
  earningPrincipalKobo,
  checkInvestmentAmount,
  investmentReference,
  lagosYearOf,
  lockUpEndOf,
  maturityDateOf,
  monthsBetweenDistributions,
  nextDistributionDate,
  nextInvestmentStatus,
  parseInvestmentReference,
  splitPool,
  withholdingKobo,
  yearlyAllowanceKobo,
  type TDistributionHolding,
  type TIncomeBand,
  type TInvestmentMove,
  type TInvestmentStatus,
  type TTierLimits,
} from "./investment-rules";

const at = (iso: string) => new Date(iso);

describe("an investment's statuses", () => {
  const lockUpEndsAt = at("2026-07-01T00:00:00Z");
  const before = { now: at("2026-06-30T23:59:59Z"), lockUpEndsAt, earlyRedemptionAllowed: true };
  const onTheDot = { now: lockUpEndsAt, lockUpEndsAt, earlyRedemptionAllowed: true };
  const after = { now: at("2026-08-01T00:00:00Z"), lockUpEndsAt, earlyRedemptionAllowed: true };
  const notAllowed = { ...after, earlyRedemptionAllowed: false };

  // Every status × every move; redeem_early with a context where the lock-up is over and early redemption allowed.
  const table: Record<TInvestmentStatus, Record<TInvestmentMove, TInvestmentStatus | null>> = {
    pending_payment: { activate: "active", cancel: "cancelled", mature: null, redeem: null, redeem_early: null },
    active: { activate: null, cancel: null, mature: "matured", redeem: null, redeem_early: "redeemed" },
    matured: { activate: null, cancel: null, mature: null, redeem: "redeemed", redeem_early: null },
    redeemed: { activate: null, cancel: null, mature: null, redeem: null, redeem_early: null },
    cancelled: { activate: null, cancel: null, mature: null, redeem: null, redeem_early: null },
  };

  it.each(INVESTMENT_STATUSES.flatMap((status) => INVESTMENT_MOVES.map((move) => [status, move] as const)))("%s + %s", (status, move) => {
    expect(nextInvestmentStatus(status, move, after)).toBe(table[status][move]);
  });

  it("redeems early only when allowed and once the lock-up is over", () => {
    expect(nextInvestmentStatus("active", "redeem_early")).toBeNull();
    expect(nextInvestmentStatus("active", "redeem_early", before)).toBeNull();
    expect(nextInvestmentStatus("active", "redeem_early", onTheDot)).toBe("redeemed");
    expect(nextInvestmentStatus("active", "redeem_early", after)).toBe("redeemed");
    expect(nextInvestmentStatus("active", "redeem_early", notAllowed)).toBeNull();
    expect(nextInvestmentStatus("matured", "redeem_early", after)).toBeNull();
  });

  it("needs no context for the other moves", () => {
    expect(nextInvestmentStatus("pending_payment", "activate")).toBe("active");
    expect(nextInvestmentStatus("active", "mature")).toBe("matured");
  });
});

describe("the investment calendar, in Lagos time", () => {
  it("adds months, clamping to the end of a shorter month", () => {
    expect(addLagosMonths(at("2026-01-31T09:00:00Z"), 1)).toEqual(at("2026-02-28T09:00:00Z"));
    expect(addLagosMonths(at("2028-01-31T09:00:00Z"), 1)).toEqual(at("2028-02-29T09:00:00Z"));
    expect(addLagosMonths(at("2028-02-29T09:00:00Z"), 12)).toEqual(at("2029-02-28T09:00:00Z"));
    expect(addLagosMonths(at("2026-11-30T09:00:00Z"), 3)).toEqual(at("2027-02-28T09:00:00Z"));
    expect(addLagosMonths(at("2026-03-31T09:00:00Z"), -1)).toEqual(at("2026-02-28T09:00:00Z"));
    expect(() => addLagosMonths(at("2026-01-01T00:00:00Z"), 1.5)).toThrow(RangeError);
  });

  it("reads the day in Lagos: 23:30 UTC on 30 January is 31 January there", () => {
    // 00:30 on 31 Jan in Lagos + 1 month = 00:30 on 28 Feb in Lagos (23:30 UTC on 27 Feb).
    expect(addLagosMonths(at("2026-01-30T23:30:00Z"), 1)).toEqual(at("2026-02-27T23:30:00Z"));
  });

  it("dates maturity and the end of the lock-up from the start", () => {
    const start = at("2026-01-31T09:00:00Z");
    expect(maturityDateOf(start, 24)).toEqual(at("2028-01-31T09:00:00Z"));
    expect(lockUpEndOf(start, 1)).toEqual(at("2026-02-28T09:00:00Z"));
  });

  it("spaces distributions by the frequency", () => {
    expect([monthsBetweenDistributions("monthly"), monthsBetweenDistributions("quarterly"), monthsBetweenDistributions("yearly")]).toEqual([
      1, 3, 12,
    ]);
  });

  describe("the next distribution date", () => {
    const start = at("2026-01-31T09:00:00Z");
    const maturity = maturityDateOf(start, 12);

    it("is a whole number of periods from the start, strictly after now", () => {
      expect(nextDistributionDate(start, "monthly", maturity, start)).toEqual(at("2026-02-28T09:00:00Z"));
      expect(nextDistributionDate(start, "monthly", maturity, at("2026-02-28T09:00:00Z"))).toEqual(at("2026-03-31T09:00:00Z"));
      expect(nextDistributionDate(start, "monthly", maturity, at("2026-12-01T00:00:00Z"))).toEqual(at("2026-12-31T09:00:00Z"));
      expect(nextDistributionDate(start, "quarterly", maturity, start)).toEqual(at("2026-04-30T09:00:00Z"));
      expect(nextDistributionDate(start, "quarterly", maturity, at("2026-11-15T00:00:00Z"))).toEqual(maturity);
      expect(nextDistributionDate(start, "yearly", maturity, at("2026-06-01T00:00:00Z"))).toEqual(maturity);
      // Before the start: the first period's end.
      expect(nextDistributionDate(start, "monthly", maturity, at("2025-12-01T00:00:00Z"))).toEqual(at("2026-02-28T09:00:00Z"));
    });

    it("does not drift after a clamped month", () => {
      expect(nextDistributionDate(start, "monthly", maturity, at("2026-03-01T00:00:00Z"))).toEqual(at("2026-03-31T09:00:00Z"));
      expect(nextDistributionDate(start, "monthly", maturity, at("2026-04-01T00:00:00Z"))).toEqual(at("2026-04-30T09:00:00Z"));
    });

    it("is null once none is left before maturity", () => {
      expect(nextDistributionDate(start, "monthly", maturity, maturity)).toBeNull();
      expect(nextDistributionDate(start, "quarterly", maturity, at("2027-06-01T00:00:00Z"))).toBeNull();
      // 18 months, paid yearly: after the first year the next would be at 24 months, past maturity.
      expect(nextDistributionDate(start, "yearly", maturityDateOf(start, 18), at("2027-02-01T00:00:00Z"))).toBeNull();
    });
  });
});

describe("the SEC allowance", () => {
  it("is 10% of the income each band counts", () => {
    const expected: Record<TIncomeBand, number> = {
      under_2_4m: 12_000_000, // ₦120,000 of ₦1,200,000
      "2_4m_to_6m": 24_000_000,
      "6m_to_12m": 60_000_000,
      "12m_to_30m": 120_000_000,
      "30m_to_60m": 300_000_000,
      over_60m: 600_000_000,
    };
    expect(Object.fromEntries(INCOME_BANDS.map((b) => [b, yearlyAllowanceKobo(b)]))).toEqual(expected);
  });

  it("leaves what was not put in this year, never below zero", () => {
    expect(allowanceLeftKobo("under_2_4m", 0)).toBe(12_000_000);
    expect(allowanceLeftKobo("under_2_4m", 5_000_000)).toBe(7_000_000);
    expect(allowanceLeftKobo("under_2_4m", 12_000_000)).toBe(0);
    expect(allowanceLeftKobo("under_2_4m", 20_000_000)).toBe(0);
    expect(allowanceLeftKobo("over_60m", 100_000_000)).toBe(500_000_000);
  });

  it("counts by the Lagos calendar year: 23:30 UTC on 31 December is already next year", () => {
    expect(lagosYearOf(at("2026-12-31T23:30:00Z"))).toEqual({
      year: 2027,
      start: at("2026-12-31T23:00:00Z"),
      end: at("2027-12-31T23:00:00Z"),
    });
    expect(lagosYearOf(at("2026-12-31T22:59:59.999Z")).year).toBe(2026);
    expect(lagosYearOf(at("2026-01-01T00:00:00Z")).year).toBe(2026);
  });
});

describe("checking an amount against a tier", () => {
  const seed: TTierLimits = {
    name: "Sun Seed",
    minKobo: 10_000_000,
    maxKobo: 500_000_000,
    raiseCapKobo: 10_000_000_000,
    raisedKobo: 9_800_000_000,
    open: true,
  };
  const plenty = 1_000_000_000;
  const refusal = (amountKobo: number, tier = seed, allowanceLeft = plenty) => {
    const result = checkInvestmentAmount(amountKobo, tier, allowanceLeft);
    return result.ok ? null : { code: result.error.code, message: result.error.message, field: result.error.field };
  };

  it("accepts an amount inside every limit", () => {
    expect(checkInvestmentAmount(10_000_000, seed, plenty)).toEqual({ ok: true, amountKobo: 10_000_000 });
    expect(checkInvestmentAmount(200_000_000, seed, 200_000_000)).toEqual({ ok: true, amountKobo: 200_000_000 });
  });

  it.each([0, -10_000_000, 10_000_050, 10_000_000.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 100])(
    "wants whole naira, not %s kobo",
    (amount) => {
      expect(refusal(amount)).toEqual({ code: "invalid_input", message: "Enter an amount in whole naira.", field: "amount" });
    },
  );

  it("names the minimum and the maximum", () => {
    expect(refusal(9_999_900)).toEqual({ code: "invalid_input", message: "The Sun Seed tier takes at least ₦100,000.", field: "amount" });
    expect(refusal(500_000_100, { ...seed, raiseCapKobo: null })).toEqual({
      code: "invalid_input",
      message: "The Sun Seed tier takes at most ₦5,000,000.",
      field: "amount",
    });
    expect(refusal(600_000_000, { ...seed, maxKobo: null, raiseCapKobo: null })).toBeNull();
  });

  it("names what is left to raise", () => {
    expect(refusal(200_000_100)).toEqual({
      code: "invalid_input",
      message: "The Sun Seed tier has ₦2,000,000 left to raise.",
      field: "amount",
    });
  });

  it("names what is left of the year's allowance", () => {
    expect(refusal(15_000_000, seed, 12_000_000)).toEqual({
      code: "invalid_input",
      message: "You may invest ₦120,000 more this year: the SEC limits investments to 10% of your yearly income.",
      field: "amount",
    });
    expect(refusal(10_000_000, seed, 0)?.message).toBe(
      "You have invested all you may this year: the SEC limits investments to 10% of your yearly income.",
    );
  });

  it("refuses a closed or fully raised tier as a conflict, whatever the amount", () => {
    expect(refusal(10_000_000, { ...seed, open: false })).toEqual({
      code: "conflict",
      message: "The Sun Seed tier is closed to new investments.",
      field: undefined,
    });
    expect(refusal(10_000_000, { ...seed, raisedKobo: 10_000_000_000 })).toEqual({
      code: "conflict",
      message: "The Sun Seed tier is fully subscribed.",
      field: undefined,
    });
  });
});

describe("investment references", () => {
  it("prints the Lagos year and the id, and reads the id back", () => {
    expect(investmentReference(42, at("2026-06-01T12:00:00Z"))).toBe("ZINV-2026-000042");
    expect(investmentReference(42, at("2026-12-31T23:30:00Z"))).toBe("ZINV-2027-000042");
    expect(investmentReference(1_234_567, at("2026-06-01T12:00:00Z"))).toBe("ZINV-2026-1234567");
    for (const id of [1, 42, 999_999, 1_234_567, 999_999_999_999_999])
      expect(parseInvestmentReference(investmentReference(id, at("2026-06-01T12:00:00Z")))).toEqual({ id });
    expect(() => investmentReference(0, at("2026-06-01T12:00:00Z"))).toThrow(RangeError);
  });

  it.each([
    "ZINV-2026-00004x",
    "../",
    "",
    "ZINV-2026-000042/../x",
    "zinv-2026-000042",
    " ZINV-2026-000042",
    "ZINV-2026-000042\n",
    "ZINV-2026-0000042",
    "ZINV-2026-000000",
    "ZINV-26-000042",
    "ZINV-2026-42",
    "ZINV-2026-9999999999999999",
  ])("rejects %j", (ref) => {
    expect(parseInvestmentReference(ref)).toBeNull();
  });
});

describe("distributions", () => {
  // April 2026 in Lagos: 30 days, from 00:00 on 1 April (23:00 UTC on 31 March) to 00:00 on 1 May.
  const periodStart = at("2026-03-31T23:00:00Z");
  const periodEnd = at("2026-04-30T23:00:00Z");
  const naira = 100;
  const whole: TDistributionHolding = { investmentId: 1, principalKobo: 1_000_000 * naira, start: at("2026-01-10T10:00:00Z"), end: null };
  // 10:00 in Lagos on 16 April: counts 16 April, so 15 days.
  const half: TDistributionHolding = { investmentId: 2, principalKobo: 1_000_000 * naira, start: at("2026-04-16T09:00:00Z"), end: null };
  const later: TDistributionHolding = { investmentId: 3, principalKobo: 5_000_000 * naira, start: at("2026-05-02T09:00:00Z"), end: null };

  it("shares a pool by principal × days, leaving out a holding with no days", () => {
    const { shares, remainderKobo, totalDays } = splitPool(1_000_001, [whole, half, later], periodStart, periodEnd);
    expect(totalDays).toBe(30);
    // 1,000,001 × 2/3 = 666,667.33 and × 1/3 = 333,333.67: each rounded down, the kobo left is paid to no one.
    expect(shares).toEqual([
      { investmentId: 1, days: 30, weight: 3_000_000_000n, amountKobo: 666_667 },
      { investmentId: 2, days: 15, weight: 1_500_000_000n, amountKobo: 333_333 },
    ]);
    expect(remainderKobo).toBe(1);
  });

  it("counts the Lagos day a holding started and not the day it ended", () => {
    const day = (h: Partial<TDistributionHolding>) => splitPool(1_000, [{ ...whole, ...h }], periodStart, periodEnd).shares[0]?.days ?? 0;
    // 23:30 UTC on 31 March is 00:30 on 1 April in Lagos: the whole month.
    expect(day({ start: at("2026-03-31T23:30:00Z") })).toBe(30);
    // 23:30 UTC on 30 April is 1 May in Lagos: after the period.
    expect(day({ start: at("2026-04-30T23:30:00Z") })).toBe(0);
    // Held 16 April (from 10:00) to 21 April (redeemed at 10:00): 16, 17, 18, 19 and 20 April.
    expect(day({ start: at("2026-04-16T09:00:00Z"), end: at("2026-04-21T09:00:00Z") })).toBe(5);
    expect(day({ start: at("2026-04-16T09:00:00Z"), end: at("2026-04-16T20:00:00Z") })).toBe(0);
    expect(day({ end: at("2026-03-20T09:00:00Z") })).toBe(0);
    expect(day({ end: at("2026-06-20T09:00:00Z") })).toBe(30);
  });

  it("adds up to the pool exactly, the remainder fewer kobo than the shares", () => {
    const holdings = Array.from({ length: 7 }, (_, i) => ({
      investmentId: i + 1,
      principalKobo: (i + 1) * 3_333_333,
      start: at(`2026-04-${String(i * 4 + 1).padStart(2, "0")}T12:00:00Z`),
      end: null,
    }));
    for (const pool of [0, 1, 6, 999_999, 12_345_678_901]) {
      const { shares, remainderKobo } = splitPool(pool, holdings, periodStart, periodEnd);
      expect(shares.reduce((sum, s) => sum + s.amountKobo, 0) + remainderKobo).toBe(pool);
      expect(remainderKobo).toBeGreaterThanOrEqual(0);
      expect(remainderKobo).toBeLessThan(shares.length);
    }
  });

  it("keeps the whole pool as remainder when no one held in the period", () => {
    expect(splitPool(500_000, [later], periodStart, periodEnd)).toEqual({ shares: [], remainderKobo: 500_000, totalDays: 30 });
    expect(splitPool(500_000, [], periodStart, periodEnd)).toEqual({ shares: [], remainderKobo: 500_000, totalDays: 30 });
  });

  it("splits ₦10 billion over 5,000 holdings without losing a kobo", () => {
    const pool = 10_000_000_000 * naira;
    const holdings = Array.from({ length: 5_000 }, (_, i) => ({
      investmentId: i + 1,
      principalKobo: (((i * 7_919) % 50_000) + 1) * 100_000 * naira, // ₦100,000 to ₦5 billion
      start: new Date(periodStart.getTime() + (i % 30) * 86_400_000 + 3_600_000),
      end: null,
    }));
    const { shares, remainderKobo } = splitPool(pool, holdings, periodStart, periodEnd);
    expect(shares).toHaveLength(5_000);
    expect(shares.reduce((sum, s) => sum + s.amountKobo, 0) + remainderKobo).toBe(pool);
    expect(remainderKobo).toBeLessThan(shares.length);
    // Each share is the exact proportion rounded down: share ≤ pool × weight / total < share + 1.
    const total = shares.reduce((sum, s) => sum + s.weight, 0n);
    for (const s of shares) {
      const exact = BigInt(pool) * s.weight;
      expect(BigInt(s.amountKobo) * total <= exact && exact < BigInt(s.amountKobo + 1) * total).toBe(true);
    }
    // Two equal holdings and an odd pool: half each, one kobo left.
    const odd = splitPool(pool + 1, [whole, { ...whole, investmentId: 2 }], periodStart, periodEnd);
    expect(odd.shares.map((s) => s.amountKobo)).toEqual([pool / 2, pool / 2]);
    expect(odd.remainderKobo).toBe(1);
  });

  it("applies a yearly rate over the days held, on a 365-day year", () => {
    // ₦1,000,000 at 18.25% a year for 30 days: ₦15,000; for 15 days: ₦7,500.
    expect(applyRate(1_825, [whole, half, later], periodStart, periodEnd)).toEqual({
      shares: [
        { investmentId: 1, days: 30, weight: 3_000_000_000n, amountKobo: 1_500_000 },
        { investmentId: 2, days: 15, weight: 1_500_000_000n, amountKobo: 750_000 },
      ],
      totalKobo: 2_250_000,
      remainderKobo: 0,
    });
    // ₦333.33 at 10% for 30 days is 273.97 kobo each: 273 paid each, and the 1.94 kobo dropped floors to 1.
    const small = { ...whole, principalKobo: 33_333 };
    const result = applyRate(1_000, [small, { ...small, investmentId: 2 }], periodStart, periodEnd);
    expect(result.shares.map((s) => s.amountKobo)).toEqual([273, 273]);
    expect(result.totalKobo).toBe(546);
    expect(result.remainderKobo).toBe(1);
  });

  it("withholds tax rounded down to the kobo, exactly past 2^53", () => {
    expect(withholdingKobo(1_000_000, 1_000)).toBe(100_000);
    expect(withholdingKobo(33_333, 1_000)).toBe(3_333);
    expect(withholdingKobo(0, 1_000)).toBe(0);
    expect(withholdingKobo(Number.MAX_SAFE_INTEGER, 7_500)).toBe(6_755_399_441_055_743);
  });

  it("earns on the principal and on what was reinvested from periods ended before, never backwards", () => {
    const reinvested = [
      { netKobo: 90_000, periodEnd: "2026-04-01" },
      { netKobo: 95_000, periodEnd: "2026-07-01" },
    ];
    expect(earningPrincipalKobo(10_000_000, reinvested, "2026-01-01")).toBe(10_000_000);
    expect(earningPrincipalKobo(10_000_000, reinvested, "2026-04-01")).toBe(10_090_000);
    expect(earningPrincipalKobo(10_000_000, reinvested, "2026-07-01")).toBe(10_185_000);
    expect(earningPrincipalKobo(10_000_000, [], "2026-07-01")).toBe(10_000_000);
  });
});
