import { sql } from "drizzle-orm";
import {
  COUNTERS,
  fillEnergyDays,
  isOnline,
  lagosDayOf,
  lastLagosDays,
  rollupByMonth,
  rollupByWeek,
  selfSufficiency,
  zeroCounters,
  type TEnergyDay,
} from "@domain/power/power";
import { socSeriesOf, type TEnergyPeriod, type TInstallationPanel, type TSocPoint } from "@domain/power/views";
import { liveOf } from "./fleet-overview";
import { type powerInstallations, powerReadings } from "./schema";

// The installation panel's figures (docs/product/power-tracking.md#installation-page), shared by the admin's page and
// the customer's dashboard.

/** Bars per period: 14 days, 8 weeks (Monday to Sunday), 6 months. */
const BARS: Record<TEnergyPeriod, number> = { day: 14, week: 8, month: 6 };
/**
 * Lagos days of energy read for a period: enough for its bars and for this month's self-sufficiency, no more. 8 weeks
 * end today, so they start at most 7 × 8 days back; 6 whole months need 183 days.
 */
const HISTORY_DAYS: Record<TEnergyPeriod, number> = { day: 31, week: 7 * 8, month: 183 };
/** The SoC curve: the last 24 hours, averaged over 15 minutes. */
export const SOC_BUCKET_SECONDS = 900;

/** The Lagos days whose energy a period's panel reads, oldest first. */
export const energyHistory = (now: Date, period: TEnergyPeriod) => lastLagosDays(now, HISTORY_DAYS[period]);

/** A reading's quarter hour (its start), to average the state of charge by. */
export function socBucket() {
  const step = sql.raw(String(SOC_BUCKET_SECONDS));
  return sql<string>`to_timestamp(floor(extract(epoch from ${powerReadings.at}) / ${step}) * ${step})`;
}

/** The panel from an installation's row, its energy by day since the period's first day and its SoC quarters. */
export function panelOf(
  inst: typeof powerInstallations.$inferSelect,
  energy: TEnergyDay[],
  soc: { at: string | Date; socPct: number | string }[],
  now: Date,
  period: TEnergyPeriod,
): TInstallationPanel {
  const days = energy.map((e) => ({
    day: e.day,
    pvWh: e.pvWh,
    loadWh: e.loadWh,
    gridImportWh: e.gridImportWh,
    generatorWh: e.generatorWh,
  }));
  const daily = fillEnergyDays(days, energyHistory(now, period));
  const today = daily.at(-1)!;
  const thisMonth = lagosDayOf(now).slice(0, 7);
  const month = daily
    .filter((d) => d.day.startsWith(thisMonth))
    .reduce((sum, d) => {
      for (const c of COUNTERS) sum[c] += d[c];
      return sum;
    }, zeroCounters());
  const rows = period === "day" ? daily : period === "week" ? rollupByWeek(daily) : rollupByMonth(daily);
  const points: TSocPoint[] = soc.map((s) => ({ at: new Date(s.at).toISOString(), socPct: Math.round(Number(s.socPct)) }));
  return {
    id: inst.id,
    siteName: inst.siteName,
    batteryKwh: inst.batteryWh / 1000,
    online: isOnline(inst.lastSeenAt, now),
    live: liveOf(inst),
    today,
    todaySelfSufficiency: selfSufficiency(today),
    monthSelfSufficiency: selfSufficiency(month),
    energy: { period, rows: rows.slice(-BARS[period]) },
    soc: socSeriesOf(points, SOC_BUCKET_SECONDS),
  };
}
