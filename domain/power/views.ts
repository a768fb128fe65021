import type { TEnergyDay } from "./power";

// What the power pages show (docs/product/power-tracking.md): shared by the server's use cases and the components.

export type TLiveFlow = {
  at: string | null;
  pvW: number | null;
  loadW: number | null;
  gridW: number | null;
  batteryW: number | null;
  generatorW: number | null;
  socPct: number | null;
  gridAvailable: boolean | null;
  generatorRunning: boolean | null;
};

export type TFleetRow = {
  id: number;
  siteName: string;
  customer: string;
  place: string;
  pvKwp: number;
  batteryKwh: number;
  inverterKva: number;
  lastSeenAt: string | null;
  online: boolean;
  batteryLow: boolean;
  live: TLiveFlow;
  todayPvWh: number;
  weekSpecificYield: number | null;
  underperforming: boolean;
  activeAlarms: number;
  unacknowledgedAlarms: number;
};

export type TFleetOverview = { rows: TFleetRow[]; medianSpecificYield: number | null; now: string };

export type TAlarmRow = {
  id: number;
  code: string;
  severity: "info" | "warning" | "critical";
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
};

export type TSocPoint = { at: string; socPct: number };

/** The energy bars' periods (docs/product/power-tracking.md#energy): 14 days, 8 weeks or 6 months. */
export const ENERGY_PERIODS = { day: "Days", week: "Weeks", month: "Months" } as const;
export type TEnergyPeriod = keyof typeof ENERGY_PERIODS;

/** The period a page's `?period=` asks for; days when it names none. */
export function energyPeriodOf(value: string | null): TEnergyPeriod {
  return (["day", "week", "month"] as const).find((p) => p === value) ?? "day";
}

/**
 * The battery's charge over the last 24 hours as quarter-hour averages: the first quarter's start and one whole
 * percentage per quarter from there, null for a quarter without readings. A page carries 96 numbers, not 96 instants.
 */
export type TSocSeries = { from: string | null; stepSeconds: number; pct: (number | null)[] };

/** The quarters that had readings, as points in time order. */
export function socPoints(series: TSocSeries): TSocPoint[] {
  if (series.from === null) return [];
  const t0 = new Date(series.from).getTime();
  return series.pct.flatMap((socPct, i) =>
    socPct === null ? [] : [{ at: new Date(t0 + i * series.stepSeconds * 1000).toISOString(), socPct }],
  );
}

/** Quarter-hour averages (in time order) as a series; the inverse of socPoints. */
export function socSeriesOf(points: TSocPoint[], stepSeconds: number): TSocSeries {
  if (points.length === 0) return { from: null, stepSeconds, pct: [] };
  const t0 = new Date(points[0]!.at).getTime();
  const pct: (number | null)[] = [];
  for (const p of points) {
    const i = Math.round((new Date(p.at).getTime() - t0) / (stepSeconds * 1000));
    while (pct.length < i) pct.push(null);
    pct[i] = p.socPct;
  }
  return { from: points[0]!.at, stepSeconds, pct };
}

/**
 * What the installation panel shows (the admin's page and the customer's dashboard share it): power now, today's and
 * this month's energy, the chosen period's bars and the battery's last 24 hours.
 */
export type TInstallationPanel = {
  id: number;
  siteName: string;
  batteryKwh: number;
  online: boolean;
  live: TLiveFlow;
  today: TEnergyDay;
  todaySelfSufficiency: number | null;
  monthSelfSufficiency: number | null;
  energy: { period: TEnergyPeriod; rows: TEnergyDay[] };
  soc: TSocSeries;
};

/** A customer's own system (docs/product/power-tracking.md#customers): the panel and its size, not the alarm log, devices or key. */
export type TCustomerInstallation = TInstallationPanel & { pvKwp: number; inverterKva: number };

export type TInstallationDetail = TInstallationPanel & {
  customer: string;
  place: string;
  pvKwp: number;
  inverterKva: number;
  keyHint: string;
  batteryLow: boolean;
  lastSeenAt: string | null;
  devices: { id: number; kind: string; make: string; model: string; serial: string | null }[];
  alarms: TAlarmRow[];
};
