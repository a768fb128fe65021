import { describe, expect, it } from "vitest";
import {
  chartPath,
  distributionChart,
  distributionPeriodLabel,
  niceCeiling,
  projectedKoboAt,
  type TChartInvestment,
} from "./distribution-chart";

const lagos = (day: string, time = "09:00") => new Date(`${day}T${time}:00+01:00`);

const active = (principalKobo: number, basisPoints: number, start: string): TChartInvestment => ({
  principalKobo,
  expectedReturnBasisPoints: basisPoints,
  startedAt: lagos(start),
  active: true,
});

describe("a distribution's period", () => {
  it("shows the last day, the day before the exclusive end", () => {
    expect(distributionPeriodLabel("2026-07-01", "2026-10-01")).toBe("1 Jul 2026 - 30 Sep 2026");
    expect(distributionPeriodLabel("2026-12-01", "2027-01-01")).toBe("1 Dec 2026 - 31 Dec 2026");
    expect(distributionPeriodLabel("2028-02-01", "2028-03-01")).toBe("1 Feb 2028 - 29 Feb 2028");
  });
});

describe("the projection", () => {
  it("is principal × rate × whole Lagos days / 365 for active investments, rounded down", () => {
    // ₦3,650,000 at 10% a year: ₦1,000 a day.
    const held = [active(365_000_000, 1_000, "2026-01-01")];
    expect(projectedKoboAt(held, lagos("2026-01-01", "23:59"))).toBe(0);
    expect(projectedKoboAt(held, lagos("2026-01-11", "00:30"))).toBe(1_000_000);
    expect(projectedKoboAt(held, lagos("2025-12-01"))).toBe(0);
    expect(projectedKoboAt([active(100_000, 1_400, "2026-01-01")], lagos("2026-01-02"))).toBe(Math.floor((100_000 * 0.14) / 365));
  });

  it("leaves out investments that are not active or not started", () => {
    const investments: TChartInvestment[] = [
      { ...active(365_000_000, 1_000, "2026-01-01"), active: false },
      { principalKobo: 365_000_000, expectedReturnBasisPoints: 1_000, startedAt: null, active: true },
    ];
    expect(projectedKoboAt(investments, lagos("2026-06-01"))).toBe(0);
  });
});

describe("niceCeiling", () => {
  it("rounds up to 1, 2 or 5 times a power of ten, at least ₦1", () => {
    expect(niceCeiling(0)).toBe(100);
    expect(niceCeiling(1_000_000)).toBe(1_000_000);
    expect(niceCeiling(1_000_001)).toBe(2_000_000);
    expect(niceCeiling(3_400_000)).toBe(5_000_000);
    expect(niceCeiling(7_000_000)).toBe(10_000_000);
  });
});

describe("the distributions chart", () => {
  const size = { width: 100, height: 50 };

  it("has nothing to draw before an investment starts", () => {
    expect(distributionChart([], [], lagos("2026-11-28"), size)).toBeNull();
    expect(
      distributionChart(
        [{ principalKobo: 1, expectedReturnBasisPoints: 1, startedAt: null, active: false }],
        [],
        lagos("2026-11-28"),
        size,
      ),
    ).toBeNull();
  });

  it("steps up at each paid distribution and leaves scheduled ones out", () => {
    // 100 days from the start to now; ₦3,650,000 at 10% projects ₦100,000 (10,000,000 kobo) by then.
    const chart = distributionChart(
      [active(365_000_000, 1_000, "2026-01-01")],
      [
        { netKobo: 2_000_000, paidAt: lagos("2026-02-20") }, // day 50
        { netKobo: 3_000_000, paidAt: lagos("2026-01-26") }, // day 25
        { netKobo: 9_999_999, paidAt: null },
      ],
      lagos("2026-04-11"),
      size,
    )!;
    expect(chart.receivedKobo).toBe(5_000_000);
    expect(chart.projectedKobo).toBe(10_000_000);
    expect(chart.maxKobo).toBe(10_000_000);
    expect(chart.from).toBe(lagos("2026-01-01").toISOString());
    expect(chart.to).toBe(lagos("2026-04-11").toISOString());
    expect(chart.received).toEqual([
      { x: 0, y: 50 },
      { x: 25, y: 50 },
      { x: 25, y: 35 },
      { x: 50, y: 35 },
      { x: 50, y: 25 },
      { x: 100, y: 25 },
    ]);
    expect(chart.projection).toEqual([
      { x: 0, y: 50 },
      { x: 100, y: 0 },
    ]);
    expect(chartPath(chart.received)).toBe("M0 50 L25 50 L25 35 L50 35 L50 25 L100 25");
  });

  it("bends the projection where a second investment starts, and counts only active ones", () => {
    const chart = distributionChart(
      [
        active(365_000_000, 1_000, "2026-01-01"),
        active(365_000_000, 1_000, "2026-02-20"),
        { ...active(365_000_000, 5_000, "2026-01-01"), active: false },
      ],
      [],
      lagos("2026-04-11"),
      size,
    )!;
    // ₦1,000 a day for 100 days, and ₦1,000 a day for the last 50: ₦150,000.
    expect(chart.projectedKobo).toBe(15_000_000);
    expect(chart.maxKobo).toBe(20_000_000);
    expect(chart.projection).toEqual([
      { x: 0, y: 50 },
      { x: 50, y: 37.5 },
      { x: 100, y: 12.5 },
    ]);
    expect(chart.received).toEqual([
      { x: 0, y: 50 },
      { x: 100, y: 50 },
    ]);
  });
});
