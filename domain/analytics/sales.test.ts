import { describe, expect, it } from "vitest";
import { rollUpSales, salesBucketKeys, salesStartDay } from "./sales";

// Sales over time (docs/product/alerts-and-audit.md#sales-over-time): buckets in Lagos days and months, channels, categories.

// 24 Nov 2026, 23:30 UTC is already 25 Nov in Lagos.
const now = new Date("2026-11-24T23:30:00Z");

describe("sales buckets", () => {
  it("covers the last 30 Lagos days up to today, and the last 12 months up to this one", () => {
    expect(salesStartDay("day", now)).toBe("2026-10-27");
    const days = salesBucketKeys("day", now);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe("2026-11-25");
    expect(salesStartDay("month", now)).toBe("2025-12-01");
    expect(salesBucketKeys("month", now)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
  });

  it("sums rows into buckets, channels and categories, ignoring days outside the period", () => {
    const rows = [
      { day: "2026-11-25", channel: "store" as const, category: "Solar lighting", kobo: 4_500_000 },
      { day: "2026-11-25", channel: "marketplace" as const, category: "Smart furniture", kobo: 38_500_000 },
      { day: "2026-11-03", channel: "store" as const, category: "Solar lighting", kobo: 1_000_000 },
      { day: "2026-10-30", channel: "academy" as const, category: "Solar installation", kobo: 7_500_000 },
      { day: "2026-09-01", channel: "zavcharge" as const, category: "Wallet top-ups", kobo: 500_000 },
    ];
    const orders = [
      { day: "2026-11-25", orders: 1 },
      { day: "2026-11-03", orders: 1 },
      { day: "2026-10-30", orders: 2 },
      { day: "2026-09-01", orders: 1 },
    ];
    const byDay = rollUpSales(rows, orders, "day", now);
    expect(byDay.buckets.at(-1)).toEqual({
      key: "2026-11-25",
      byChannel: { store: 4_500_000, academy: 0, marketplace: 38_500_000, zavcharge: 0, investments: 0 },
      totalKobo: 43_000_000,
      orders: 1,
    });
    expect(byDay.totalKobo).toBe(51_500_000);
    expect(byDay.orders).toBe(4);
    expect(byDay.byChannel).toEqual({ store: 5_500_000, academy: 7_500_000, marketplace: 38_500_000, zavcharge: 0, investments: 0 });
    expect(byDay.categories.map((c) => [c.category, c.kobo])).toEqual([
      ["Smart furniture", 38_500_000],
      ["Solar installation", 7_500_000],
      ["Solar lighting", 5_500_000],
    ]);

    const byMonth = rollUpSales(rows, orders, "month", now);
    expect(byMonth.buckets.map((b) => [b.key, b.totalKobo]).slice(-3)).toEqual([
      ["2026-09", 500_000],
      ["2026-10", 7_500_000],
      ["2026-11", 44_000_000],
    ]);
    expect(byMonth.orders).toBe(5);
  });
});
