import { describe, expect, it } from "vitest";
import {
  counterDeltas,
  decreasedCounters,
  intervalEnergy,
  isBatteryLow,
  isOnline,
  rollupByLagosDay,
  rollupByMonth,
  rollupByWeek,
  selfSufficiency,
  specificYield,
  underperformers,
} from "./power";

// docs/product/power-tracking.md: energy from counters, Lagos days, self-sufficiency, the fleet median.

const sample = (at: string, pvWh: number, loadWh = 0, gridImportWh = 0, generatorWh = 0) => ({
  at,
  pvWh,
  loadWh,
  gridImportWh,
  generatorWh,
});

describe("energy from cumulative counters", () => {
  it("is the difference between two readings, and nothing for the first", () => {
    expect(intervalEnergy(null, 5000)).toBe(0);
    expect(intervalEnergy(1000, 1500)).toBe(500);
  });

  it("counts nothing when a counter goes down (reset or new meter) and carries on from the new value", () => {
    expect(intervalEnergy(9000, 200)).toBe(0);
    const days = rollupByLagosDay([
      sample("2026-11-25T08:00:00Z", 9000),
      sample("2026-11-25T09:00:00Z", 9500),
      sample("2026-11-25T10:00:00Z", 100), // meter replaced
      sample("2026-11-25T11:00:00Z", 700),
    ]);
    expect(days).toEqual([{ day: "2026-11-25", pvWh: 1100, loadWh: 0, gridImportWh: 0, generatorWh: 0 }]);
  });

  it("names the counters that went down and never returns negative energy", () => {
    const prev = { pvWh: 100, loadWh: 100, gridImportWh: 100, generatorWh: 100 };
    const next = { pvWh: 150, loadWh: 90, gridImportWh: 100, generatorWh: 0 };
    expect(decreasedCounters(prev, next)).toEqual(["loadWh", "generatorWh"]);
    expect(counterDeltas(prev, next)).toEqual({ pvWh: 50, loadWh: 0, gridImportWh: 0, generatorWh: 0 });
    expect(decreasedCounters(null, next)).toEqual([]);
  });
});

describe("rollups by Lagos day", () => {
  it("puts an interval on the Lagos day of the reading that closes it (UTC+1: 23:30 UTC is the next day)", () => {
    const days = rollupByLagosDay([
      sample("2026-11-24T22:00:00Z", 0, 0), // 23:00 in Lagos, 24 Nov
      sample("2026-11-24T22:50:00Z", 0, 400), // 23:50, 24 Nov
      sample("2026-11-24T23:30:00Z", 0, 700), // 00:30 on 25 Nov in Lagos
    ]);
    expect(days.map((d) => [d.day, d.loadWh])).toEqual([
      ["2026-11-24", 400],
      ["2026-11-25", 300],
    ]);
  });

  it("sums days into Monday weeks and calendar months", () => {
    const day = (d: string, pvWh: number) => ({ day: d, pvWh, loadWh: 1, gridImportWh: 0, generatorWh: 0 });
    const days = [day("2026-11-29", 10), day("2026-11-30", 20), day("2026-12-01", 30), day("2026-12-06", 40), day("2026-12-07", 50)];
    expect(rollupByWeek(days).map((w) => [w.day, w.pvWh])).toEqual([
      ["2026-11-23", 10],
      ["2026-11-30", 90],
      ["2026-12-07", 50],
    ]);
    expect(rollupByMonth(days).map((m) => [m.day, m.pvWh, m.loadWh])).toEqual([
      ["2026-11", 30, 2],
      ["2026-12", 120, 3],
    ]);
  });
});

describe("self-sufficiency", () => {
  it("is the share of the load not from the grid or the generator", () => {
    expect(selfSufficiency({ loadWh: 10_000, gridImportWh: 2000, generatorWh: 500 })).toBe(0.75);
    expect(selfSufficiency({ loadWh: 10_000, gridImportWh: 0, generatorWh: 0 })).toBe(1);
  });
  it("stays between 0 and 1, and is unknown without load", () => {
    expect(selfSufficiency({ loadWh: 1000, gridImportWh: 1500, generatorWh: 0 })).toBe(0);
    expect(selfSufficiency({ loadWh: 0, gridImportWh: 0, generatorWh: 0 })).toBeNull();
  });
});

describe("specific yield and underperformers", () => {
  it("is kWh per kWp", () => {
    expect(specificYield(20_000, 5000)).toBe(4);
    expect(specificYield(1, 0)).toBeNull();
  });
  it("flags installations under 80% of the fleet median, ignoring ones without figures", () => {
    const fleet = [
      { id: 1, specificYield: 4 },
      { id: 2, specificYield: 4.2 },
      { id: 3, specificYield: 2.5 },
      { id: 4, specificYield: 3.9 },
      { id: 5, specificYield: null },
    ];
    const { median, ids } = underperformers(fleet);
    expect(median).toBe(3.95);
    expect([...ids]).toEqual([3]);
  });
  it("flags nobody in a fleet too small for a median", () => {
    expect(
      underperformers([
        { id: 1, specificYield: 4 },
        { id: 2, specificYield: 1 },
      ]).ids.size,
    ).toBe(0);
  });
});

describe("online, silent and low battery", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("is online while the last reading is at most 15 minutes old", () => {
    expect(isOnline("2026-11-25T11:46:00Z", now)).toBe(true);
    expect(isOnline("2026-11-25T11:44:00Z", now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
  it("is low at or under 20% with a battery fitted", () => {
    expect(isBatteryLow(10_000, 20)).toBe(true);
    expect(isBatteryLow(10_000, 21)).toBe(false);
    expect(isBatteryLow(0, 5)).toBe(false);
    expect(isBatteryLow(10_000, null)).toBe(false);
  });
});
