import { lagosToday } from "../time/lagos-time";
import { madeOnce } from "../text/made-once";

// Power tracking's rules (docs/product/power-tracking.md): energy from cumulative counters, rollups by Lagos day,
// self-sufficiency, specific yield against the fleet, online/silent and low battery. Pure: no database, no node.
// Energy is integer Wh, power integer W, instants UTC; the Lagos calendar decides which day energy belongs to.

/** The cumulative counters a gateway reports (Wh since the meter started), like Home Assistant's total_increasing sensors. */
export const COUNTERS = ["pvWh", "loadWh", "gridImportWh", "generatorWh"] as const;
export type TCounter = (typeof COUNTERS)[number];
export type TCounters = Record<TCounter, number>;
export const COUNTER_LABEL: Record<TCounter, string> = {
  pvWh: "Solar",
  loadWh: "Load",
  gridImportWh: "Grid",
  generatorWh: "Generator",
};

/** Not heard from for longer than this: the installation is silent (docs/product/power-tracking.md#online-and-silent). */
export const SILENT_AFTER_MINUTES = 15;
/** A battery at or under this state of charge is low (docs/product/power-tracking.md#low-battery). */
export const LOW_BATTERY_SOC_PCT = 20;
/** An installation below this share of the fleet's median specific yield underperforms. */
export const UNDERPERFORMING_SHARE = 0.8;
/** The fewest reporting installations for a fleet median to mean anything. */
export const MIN_FLEET_FOR_MEDIAN = 3;

/**
 * The energy of one interval from a counter's two readings. A counter that went down was reset or replaced: the
 * interval counts nothing and the new value is the new baseline (we never invent energy, never count it negative).
 */
export function intervalEnergy(previous: number | null, next: number): number {
  if (previous === null || next < previous) return 0;
  return next - previous;
}

/** Each counter's energy between two readings (see intervalEnergy). */
export function counterDeltas(previous: TCounters | null, next: TCounters): TCounters {
  const out = {} as TCounters;
  for (const c of COUNTERS) out[c] = intervalEnergy(previous ? previous[c] : null, next[c]);
  return out;
}

/** The counters that went down between two readings: allowed only when the gateway says its meter was reset. */
export function decreasedCounters(previous: TCounters | null, next: TCounters): TCounter[] {
  if (!previous) return [];
  return COUNTERS.filter((c) => next[c] < previous[c]);
}

export type TCounterSample = { at: Date | string } & TCounters;
export type TEnergyDay = { day: string } & TCounters;

export const zeroCounters = (): TCounters => ({ pvWh: 0, loadWh: 0, gridImportWh: 0, generatorWh: 0 });

/** Lagos calendar day (YYYY-MM-DD) of an instant. */
export function lagosDayOf(at: Date | string): string {
  return lagosToday(new Date(at));
}

/**
 * Energy by Lagos day from counter samples in time order: each interval's energy belongs to the Lagos day of the
 * reading that closes it. Days without an interval are absent (fill them with fillEnergyDays).
 */
export function rollupByLagosDay(samples: TCounterSample[]): TEnergyDay[] {
  const days = new Map<string, TEnergyDay>();
  let previous: TCounters | null = null;
  for (const s of samples) {
    const delta = counterDeltas(previous, s);
    previous = { pvWh: s.pvWh, loadWh: s.loadWh, gridImportWh: s.gridImportWh, generatorWh: s.generatorWh };
    const day = lagosDayOf(s.at);
    const row = days.get(day) ?? { day, ...zeroCounters() };
    for (const c of COUNTERS) row[c] += delta[c];
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** The last n Lagos days, oldest first, ending today. */
export function lastLagosDays(now: Date, n: number): string[] {
  const today = lagosDayOf(now);
  const base = new Date(`${today}T12:00:00Z`).getTime();
  return Array.from({ length: n }, (_, i) => new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The given days in order, with zeros where nothing was recorded. */
export function fillEnergyDays(rows: TEnergyDay[], days: string[]): TEnergyDay[] {
  const by = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => by.get(day) ?? { day, ...zeroCounters() });
}

/** The Monday (YYYY-MM-DD) of a calendar day's week. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

function sumBy(days: TEnergyDay[], key: (day: string) => string): TEnergyDay[] {
  const out = new Map<string, TEnergyDay>();
  for (const d of days) {
    const k = key(d.day);
    const row = out.get(k) ?? { day: k, ...zeroCounters() };
    for (const c of COUNTERS) row[c] += d[c];
    out.set(k, row);
  }
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Daily energy summed by week (keyed by the week's Monday). */
export const rollupByWeek = (days: TEnergyDay[]) => sumBy(days, weekOf);
/** Daily energy summed by month (keyed YYYY-MM). */
export const rollupByMonth = (days: TEnergyDay[]) => sumBy(days, (d) => d.slice(0, 7));

/**
 * Self-sufficiency: the share of the load not supplied by the grid or the generator (1 − (grid + generator) / load),
 * between 0 and 1; null when there was no load to supply.
 */
export function selfSufficiency(e: Pick<TCounters, "loadWh" | "gridImportWh" | "generatorWh">): number | null {
  if (e.loadWh <= 0) return null;
  const share = 1 - (e.gridImportWh + e.generatorWh) / e.loadWh;
  return Math.min(1, Math.max(0, share));
}

/** Specific yield: kWh of solar per kWp of panels (the same sun makes comparable figures across sizes). */
export function specificYield(pvWh: number, pvWp: number): number | null {
  if (pvWp <= 0) return null;
  return pvWh / pvWp; // Wh per Wp is kWh per kWp
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The installations whose specific yield is under UNDERPERFORMING_SHARE of the fleet's median (those without a
 * figure are left out of the median and never flagged). With fewer than MIN_FLEET_FOR_MEDIAN figures, nobody is.
 */
export function underperformers<T extends { id: number; specificYield: number | null }>(
  fleet: T[],
): { median: number | null; ids: Set<number> } {
  const figures = fleet.filter((i) => i.specificYield !== null).map((i) => i.specificYield!);
  if (figures.length < MIN_FLEET_FOR_MEDIAN) return { median: median(figures), ids: new Set() };
  const m = median(figures)!;
  const ids = new Set(fleet.filter((i) => i.specificYield !== null && i.specificYield < m * UNDERPERFORMING_SHARE).map((i) => i.id));
  return { median: m, ids };
}

/** Online when the last reading is at most SILENT_AFTER_MINUTES old; never heard from is silent too. */
export function isOnline(lastSeenAt: Date | string | null, now: Date, silentAfterMinutes = SILENT_AFTER_MINUTES): boolean {
  if (!lastSeenAt) return false;
  return now.getTime() - new Date(lastSeenAt).getTime() <= silentAfterMinutes * 60_000;
}

/** Low battery: a battery fitted and its last state of charge at or under the threshold. */
export function isBatteryLow(batteryWh: number, socPct: number | null, threshold = LOW_BATTERY_SOC_PCT): boolean {
  return batteryWh > 0 && socPct !== null && socPct <= threshold;
}

// Made once: `toLocaleString` with options builds a new formatter on every call, which a month of energy rows felt.
const oneDecimal = madeOnce(() => new Intl.NumberFormat("en-NG", { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const wholeNumber = madeOnce(() => new Intl.NumberFormat("en-NG"));

/** "12.4 kWh" from Wh, one decimal. */
export function formatKwh(wh: number): string {
  return `${oneDecimal().format(wh / 1000)} kWh`;
}

/** "3.2 kW" for 1 kW and over, "640 W" under. */
export function formatWatts(w: number): string {
  const abs = Math.abs(w);
  if (abs >= 1000) return `${oneDecimal().format(w / 1000)} kW`;
  return `${wholeNumber().format(Math.round(w))} W`;
}

export const formatPct = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);

/** The realtime event type of a new reading (docs/product/power-tracking.md#live-view). */
export const POWER_READING_EVENT = "power.reading";
