// Charging sessions (docs/product/zavcharge.md#charging-sessions): how one reads live and on statements, and meter
// readings in kWh. Whether one may start: start-decision.ts.
import { madeOnce } from "../../text/made-once";

/** A session cannot start below this balance (₦500): enough for about 2 kWh at the dearest station. */
export const MIN_START_BALANCE_KOBO = 50_000;
export const SESSION_STATUSES = ["active", "completed", "cancelled"] as const;
export type TSessionStatus = (typeof SESSION_STATUSES)[number];

const twoDecimals = madeOnce(() => new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** "12.35 kWh" from Wh (one formatter for every call: a statement formats hundreds). */
export function formatEnergy(wh: number): string {
  return `${twoDecimals().format(wh / 1000)} kWh`;
}

/** "1 h 05 min", "42 min", "under a minute". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "under a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}

/** The realtime event a driver's own pages hear while their session runs and when it stops (its owner only). */
export const SESSION_EVENT_TYPE = "zavcharge.session";

/** A running (or just stopped) session as the driver's dashboard shows it live. */
export type TLiveSession = {
  sessionId: number;
  status: TSessionStatus;
  stationName: string;
  slotNumber: number;
  startedAt: string;
  energyWh: number;
  costKobo: number;
  pricePerKwhKobo: number;
  socPercent: number | null;
  powerW: number | null;
  stopReason: string | null;
};

/** How a session's state reads on statements and staff lists. */
export const SESSION_STATUS_LABELS: Record<TSessionStatus, string> = {
  active: "Charging",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Meter readings are typed in kWh with up to 3 decimals (1 Wh); the largest a meter shows. */
export const METER_MAX_KWH = 99_999_999;
export const METER_KWH_PATTERN = "[0-9]+([.,][0-9]{1,3})?";

/** "1234.5" (or "1234,5") kWh as whole Wh, without floating-point rounding; null when it is not a reading. */
export function kwhTextToWh(raw: string): number | null {
  const m = /^(\d{1,8})(?:[.,](\d{1,3}))?$/.exec(raw.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
}

/** Wh as the kWh an attendant types: 1234567 -> "1234.567". */
export function whToKwhText(wh: number): string {
  const kwh = Math.floor(wh / 1000);
  const rest = wh % 1000;
  return rest === 0 ? String(kwh) : `${kwh}.${String(rest).padStart(3, "0").replace(/0+$/, "")}`;
}
