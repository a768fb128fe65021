import { addDays, lagosToday } from "../time/lagos-time";

// A seller's sales by week (docs/product/marketplace.md#sales-chart): weeks start on Monday, Lagos time.

export const SALES_WEEKS = 12;

export type TSalesWeek = { weekStart: string; goodsKobo: number; orders: number };

/** The Monday (YYYY-MM-DD) of the Lagos week a day falls in. */
export function mondayOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The last `weeks` weeks up to this one, oldest first, with the sums found (weeks without sales are zero). */
export function fillSalesWeeks(rows: TSalesWeek[], now: Date, weeks = SALES_WEEKS): TSalesWeek[] {
  const thisWeek = mondayOf(lagosToday(now));
  const byWeek = new Map(rows.map((r) => [r.weekStart, r]));
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(thisWeek, (i - weeks + 1) * 7);
    return byWeek.get(weekStart) ?? { weekStart, goodsKobo: 0, orders: 0 };
  });
}
