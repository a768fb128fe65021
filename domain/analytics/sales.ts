import { addDays, lagosToday } from "../time/lagos-time";

// Sales over time on the admin dashboard (docs/product/alerts-and-audit.md#sales-over-time): paid goods by Lagos day or
// month, split by channel, and by category. Isomorphic: the server rolls the rows up, the page draws them.

export const SALES_CHANNELS = ["store", "academy", "marketplace", "zavcharge", "investments"] as const;
export type TSalesChannel = (typeof SALES_CHANNELS)[number];
export const SALES_CHANNEL_LABEL: Record<TSalesChannel, string> = {
  store: "Store",
  academy: "Academy",
  marketplace: "Marketplace",
  zavcharge: "ZavCharge",
  // Investors' capital comes through checkout too; it is shown apart because it is owed back, not earned.
  investments: "Investments (capital)",
};

export type TSalesPeriod = "day" | "month";
export const SALES_DAYS = 30;
export const SALES_MONTHS = 12;

/** One Lagos day's paid goods in one channel and category, as the database sums them. */
export type TSalesRow = { day: string; channel: TSalesChannel; category: string; kobo: number };
/** How many orders were paid on a Lagos day. */
export type TOrdersRow = { day: string; orders: number };

export type TSalesBucket = { key: string; byChannel: Record<TSalesChannel, number>; totalKobo: number; orders: number };
export type TSalesOverTime = {
  period: TSalesPeriod;
  buckets: TSalesBucket[];
  byChannel: Record<TSalesChannel, number>;
  totalKobo: number;
  orders: number;
  /** Biggest first. */
  categories: { category: string; channel: TSalesChannel; kobo: number }[];
};

const zeroChannels = (): Record<TSalesChannel, number> => ({ store: 0, academy: 0, marketplace: 0, zavcharge: 0, investments: 0 });

/** The first day (YYYY-MM-DD) the chart covers: 30 days back to today, or 12 months back to this month. */
export function salesStartDay(period: TSalesPeriod, now: Date): string {
  const today = lagosToday(now);
  if (period === "day") return addDays(today, -(SALES_DAYS - 1));
  const [y, m] = today.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1 - (SALES_MONTHS - 1), 1));
  return start.toISOString().slice(0, 10);
}

/** The buckets' keys, oldest first: every day (YYYY-MM-DD) or month (YYYY-MM), with or without sales. */
export function salesBucketKeys(period: TSalesPeriod, now: Date): string[] {
  const start = salesStartDay(period, now);
  if (period === "day") return Array.from({ length: SALES_DAYS }, (_, i) => addDays(start, i));
  const [y, m] = start.split("-").map(Number) as [number, number];
  return Array.from({ length: SALES_MONTHS }, (_, i) => new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 7));
}

/** Rolls daily rows up into the period's buckets, the channels' totals and the categories (rows outside are ignored). */
export function rollUpSales(rows: TSalesRow[], orderRows: TOrdersRow[], period: TSalesPeriod, now: Date): TSalesOverTime {
  const keys = salesBucketKeys(period, now);
  const buckets = new Map(keys.map((key) => [key, { key, byChannel: zeroChannels(), totalKobo: 0, orders: 0 }]));
  const keyOf = (day: string) => (period === "day" ? day : day.slice(0, 7));
  const byChannel = zeroChannels();
  const categories = new Map<string, { category: string; channel: TSalesChannel; kobo: number }>();
  for (const r of rows) {
    const bucket = buckets.get(keyOf(r.day));
    if (!bucket) continue;
    bucket.byChannel[r.channel] += r.kobo;
    bucket.totalKobo += r.kobo;
    byChannel[r.channel] += r.kobo;
    const id = `${r.channel}\u0000${r.category}`;
    const c = categories.get(id) ?? { category: r.category, channel: r.channel, kobo: 0 };
    c.kobo += r.kobo;
    categories.set(id, c);
  }
  for (const o of orderRows) {
    const bucket = buckets.get(keyOf(o.day));
    if (bucket) bucket.orders += o.orders;
  }
  const list = [...buckets.values()];
  return {
    period,
    buckets: list,
    byChannel,
    totalKobo: list.reduce((s, b) => s + b.totalKobo, 0),
    orders: list.reduce((s, b) => s + b.orders, 0),
    categories: [...categories.values()].sort((a, b) => b.kobo - a.kobo || a.category.localeCompare(b.category)),
  };
}
