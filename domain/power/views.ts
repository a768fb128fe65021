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

export type TInstallationDetail = {
  id: number;
  siteName: string;
  customer: string;
  place: string;
  pvKwp: number;
  batteryKwh: number;
  inverterKva: number;
  keyHint: string;
  online: boolean;
  batteryLow: boolean;
  lastSeenAt: string | null;
  live: TLiveFlow;
  devices: { id: number; kind: string; make: string; model: string; serial: string | null }[];
  days: TEnergyDay[];
  weeks: TEnergyDay[];
  months: TEnergyDay[];
  todaySelfSufficiency: number | null;
  monthSelfSufficiency: number | null;
  soc: TSocPoint[];
  alarms: TAlarmRow[];
};
