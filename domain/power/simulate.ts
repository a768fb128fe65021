import type { TCounters } from "./power";

// The demo sites' physics (docs/product/power-tracking.md#simulator), for the seed's history and the live simulator:
// a Lagos-latitude daylight curve, a household or business load, a battery that charges from surplus solar and covers
// the load down to a reserve, grid outages on some hours and a generator when the battery runs low. Pure and seeded,
// so a day looks the same however often it is drawn.

export type TSimSite = {
  pvWp: number;
  batteryWh: number;
  /** Base load (W) at night; the day and evening add to it. */
  baseLoadW: number;
  /** Panels' output against a clean site (soiling, shade): 1 for a healthy system. */
  health: number;
  hasGenerator: boolean;
};

export type TSimState = { socPct: number; counters: TCounters };

export type TSimSample = {
  at: Date;
  pvW: number;
  loadW: number;
  gridW: number;
  batteryW: number;
  generatorW: number;
  socPct: number;
  gridAvailable: boolean;
  generatorRunning: boolean;
  counters: TCounters;
};

/** A number in [0, 1) from a string: the same input gives the same number. */
export function hashUnit(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return ((h >>> 0) % 100_000) / 100_000;
}

/** Lagos hours since midnight (UTC+1, no daylight saving). */
const lagosHour = (at: Date) => ((at.getUTCHours() + 1) % 24) + at.getUTCMinutes() / 60 + at.getUTCSeconds() / 3600;

/** The sun's share of peak between about 06:40 and 18:50 Lagos time, with the day's and the quarter hour's clouds. */
export function daylight(at: Date, seed: string): number {
  const h = lagosHour(at);
  const x = (h - 6.7) / 12.1;
  if (x <= 0 || x >= 1) return 0;
  const day = at.toISOString().slice(0, 10);
  const dayClouds = 0.75 + 0.25 * hashUnit(`${seed}:${day}`);
  const passing = 0.85 + 0.15 * hashUnit(`${seed}:${day}:${Math.floor(h * 4)}`);
  return Math.pow(Math.sin(Math.PI * x), 1.3) * dayClouds * passing;
}

/** The grid is out for whole hours, on about one hour in three (Nigeria's grid, honestly). */
export function gridUp(at: Date, seed: string): boolean {
  return hashUnit(`${seed}:grid:${at.toISOString().slice(0, 13)}`) > 0.33;
}

/** One step of dtSeconds ending at `at`, from the state before it; returns the sample and the state after. */
export function simulateStep(site: TSimSite, state: TSimState, at: Date, dtSeconds: number, seed: string, jitter = 0): TSimSample {
  const h = lagosHour(at);
  const pvW = Math.round(site.pvWp * 0.8 * site.health * daylight(at, seed));
  const evening = h >= 18.5 && h < 22.5 ? 1.8 : h >= 8 && h < 17 ? 1.3 : 1;
  const loadW = Math.max(50, Math.round(site.baseLoadW * evening * (0.9 + 0.2 * hashUnit(`${seed}:load:${Math.floor(h * 12)}`)) + jitter));
  const gridAvailable = gridUp(at, seed);
  const capacity = site.batteryWh;
  let soc = state.socPct;
  const hours = dtSeconds / 3600;
  const reserve = gridAvailable ? 50 : 20;
  let batteryW = 0;
  let gridW = 0;
  let generatorW = 0;
  const net = pvW - loadW; // surplus (+) or shortfall (-)
  if (net >= 0) {
    const room = capacity > 0 ? ((100 - soc) / 100) * capacity : 0;
    batteryW = Math.round(Math.min(net, room / hours, capacity * 0.5));
  } else {
    const available = capacity > 0 ? Math.max(0, ((soc - reserve) / 100) * capacity) : 0;
    const fromBattery = Math.min(-net, available / hours, capacity * 0.5);
    batteryW = -Math.round(fromBattery);
    const rest = -net - fromBattery;
    if (rest > 0 && gridAvailable) gridW = Math.round(rest);
    else if (rest > 0 && site.hasGenerator) generatorW = Math.round(rest);
  }
  const generatorRunning = generatorW > 0;
  if (capacity > 0) soc = Math.min(100, Math.max(0, soc + ((batteryW * hours) / capacity) * 100));
  const c = state.counters;
  // The state keeps fractions of a Wh (five-second steps are small); readings carry whole Wh, which never go down.
  state.counters = {
    pvWh: c.pvWh + pvW * hours,
    loadWh: c.loadWh + loadW * hours,
    gridImportWh: c.gridImportWh + gridW * hours,
    generatorWh: c.generatorWh + generatorW * hours,
  };
  state.socPct = soc;
  const s = state.counters;
  const counters: TCounters = {
    pvWh: Math.floor(s.pvWh),
    loadWh: Math.floor(s.loadWh),
    gridImportWh: Math.floor(s.gridImportWh),
    generatorWh: Math.floor(s.generatorWh),
  };
  return {
    at,
    pvW,
    loadW,
    gridW,
    batteryW,
    generatorW,
    socPct: Math.round(soc * 10) / 10,
    gridAvailable,
    generatorRunning,
    counters,
  };
}
