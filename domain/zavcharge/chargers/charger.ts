// Pure rules for chargers that talk to the central system (docs/product/zavcharge.md#chargers): OCPP 1.6
// connector statuses as slot statuses, meter readings, validated energy and the prepaid limit. Energy in Wh,
// money in kobo, all integers.
import { type TSlotStatus } from "../network/network-rules";
import { sessionCostKobo } from "../pricing";

/** A commissioned charger heartbeats this often unless staff set another interval (seconds). */
export const DEFAULT_HEARTBEAT_SECONDS = 300;
/** A charger that has not been heard from for this many heartbeat intervals is offline. */
export const MISSED_HEARTBEATS_OFFLINE = 2;
/** A reading may exceed the slot's power × the time since the last one by this factor (meters and clocks drift). */
export const PLAUSIBLE_MARGIN = 1.25;
/** ...plus this many Wh, so a reading seconds apart is never refused for rounding. */
export const PLAUSIBLE_SLACK_WH = 20;
/** Charger message payloads are kept up to this many characters of JSON. */
export const CHARGER_MESSAGE_MAX_CHARS = 4096;
/** The message log keeps this many messages per charger, and none older than this many days. */
export const CHARGER_MESSAGES_KEEP = 2000;
export const CHARGER_MESSAGES_DAYS = 30;
/** How long the central system waits for a charger to answer a call it made (ms). */
export const CHARGER_CALL_TIMEOUT_MS = 30_000;
/**
 * A command asked on one instance for a charger another holds (docs/product/zavcharge.md#chargers) is taken up by
 * that instance within this time or never (ms): a remote start delivered minutes late could start a car nobody waits by.
 */
export const CHARGER_COMMAND_DELIVERY_MS = 5_000;
/** ...and the asker waits for its answer this long: delivery, the call, and a margin for the answer to come back (ms). */
export const CHARGER_COMMAND_ANSWER_MS = CHARGER_COMMAND_DELIVERY_MS + CHARGER_CALL_TIMEOUT_MS + 3_000;
/** Commands passed between instances are kept this many days, for the record. */
export const CHARGER_COMMANDS_DAYS = 7;

export const OCPP_CONNECTOR_STATUSES = [
  "Available",
  "Preparing",
  "Charging",
  "SuspendedEVSE",
  "SuspendedEV",
  "Finishing",
  "Reserved",
  "Unavailable",
  "Faulted",
] as const;
export type TOcppConnectorStatus = (typeof OCPP_CONNECTOR_STATUSES)[number];

/**
 * The slot status drivers see for a connector status: free (a car plugged in and waiting to be authorised is
 * still offered to its driver), in use while a car charges, is suspended, finishes or is reserved, and out of
 * order when the charger says it is unavailable or faulted.
 */
export function slotStatusForConnector(status: TOcppConnectorStatus): TSlotStatus {
  switch (status) {
    case "Available":
    case "Preparing":
      return "available";
    case "Unavailable":
    case "Faulted":
      return "out_of_order";
    default:
      return "charging";
  }
}

/** The most energy a slot can deliver in this time, with the margin; a reading beyond it is implausible. */
export function maxPlausibleWh(powerKw: number, elapsedMs: number): number {
  const hours = Math.max(0, elapsedMs) / 3_600_000;
  return Math.ceil(powerKw * 1000 * hours * PLAUSIBLE_MARGIN) + PLAUSIBLE_SLACK_WH;
}

export type TReadingCheck = "ok" | "below_start" | "decrease" | "jump";

/**
 * Whether a new energy register reading can be trusted against what we know: never below the session's start,
 * never below the last trusted reading, and no more energy than the slot's power allows since then.
 */
export function checkReading(
  r: { meterStartWh: number; lastWh: number | null; lastAt: Date; powerKw: number },
  readingWh: number,
  readingAt: Date,
): TReadingCheck {
  if (readingWh < r.meterStartWh) return "below_start";
  const base = r.lastWh ?? r.meterStartWh;
  if (readingWh < base) return "decrease";
  if (readingWh - base > maxPlausibleWh(r.powerKw, readingAt.getTime() - r.lastAt.getTime())) return "jump";
  return "ok";
}

/**
 * The meter reading a stop is billed at: the charger's meterStop when it is plausible, otherwise the last
 * trusted reading from its MeterValues (or the start, when there was none), and why.
 */
export function validatedStopWh(
  s: { meterStartWh: number; lastMeterWh: number | null; lastMeterAt: Date | null; startedAt: Date; powerKw: number },
  meterStopWh: number,
  stoppedAt: Date,
): { billedWh: number; anomaly: Exclude<TReadingCheck, "ok"> | null } {
  const check = checkReading(
    { meterStartWh: s.meterStartWh, lastWh: s.lastMeterWh, lastAt: s.lastMeterAt ?? s.startedAt, powerKw: s.powerKw },
    meterStopWh,
    stoppedAt,
  );
  if (check === "ok") return { billedWh: meterStopWh, anomaly: null };
  return { billedWh: Math.max(s.meterStartWh, s.lastMeterWh ?? s.meterStartWh), anomaly: check };
}

export type TLimitReason = "balance" | "energy" | "money";

/**
 * Whether a running session has reached its prepaid limit: the running cost has used up the balance, or the
 * driver's own energy or money limit is reached. The balance is checked first: it is the one that costs us.
 */
export function prepaidLimitReached(s: {
  energyWh: number;
  pricePerKwhKobo: number;
  balanceKobo: number;
  energyLimitWh: number | null;
  moneyLimitKobo: number | null;
}): { runningCostKobo: number; reason: TLimitReason | null } {
  const runningCostKobo = sessionCostKobo(s.energyWh, s.pricePerKwhKobo);
  let reason: TLimitReason | null = null;
  if (runningCostKobo >= s.balanceKobo) reason = "balance";
  else if (s.energyLimitWh !== null && s.energyWh >= s.energyLimitWh) reason = "energy";
  else if (s.moneyLimitKobo !== null && runningCostKobo >= s.moneyLimitKobo) reason = "money";
  return { runningCostKobo, reason };
}

/** An OCPP sampled value's number in Wh / W / percent: "12.5" kWh -> 12500 Wh. Null when it is not a number. */
export function sampledValueToInteger(value: string, unit: string | undefined): number | null {
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const scaled = unit === "kWh" || unit === "kW" ? n * 1000 : n;
  return Math.round(scaled);
}

/** One OCPP meterValue entry as the charger sends it (value is a string; unit and measurand are optional). */
export type TOcppMeterValue = {
  timestamp: string;
  sampledValue: { value: string; measurand?: string; unit?: string; phase?: string; context?: string; location?: string }[];
};

export type TMeterReading = { at: Date; energyWh: number | null; socPercent: number | null; powerW: number | null };

/**
 * The readings we use from MeterValues, oldest first: the energy register (the default measurand, Wh unless
 * kWh), the state of charge and the active import power, each the total (no phase) at the outlet.
 */
export function readingsFromMeterValues(values: TOcppMeterValue[]): TMeterReading[] {
  const out: TMeterReading[] = [];
  for (const mv of values) {
    const at = new Date(mv.timestamp);
    if (Number.isNaN(at.getTime())) continue;
    const r: TMeterReading = { at, energyWh: null, socPercent: null, powerW: null };
    for (const sv of mv.sampledValue) {
      if (sv.phase) continue;
      if (sv.location && sv.location !== "Outlet") continue;
      const measurand = sv.measurand ?? "Energy.Active.Import.Register";
      const n = sampledValueToInteger(sv.value, sv.unit);
      if (n === null) continue;
      if (measurand === "Energy.Active.Import.Register" && n >= 0) r.energyWh = n;
      else if (measurand === "SoC" && n >= 0 && n <= 100) r.socPercent = n;
      else if (measurand === "Power.Active.Import" && n >= 0) r.powerW = n;
    }
    if (r.energyWh !== null || r.socPercent !== null || r.powerW !== null) out.push(r);
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Messages staff may ask a charger to send now (OCPP TriggerMessage). */
export const TRIGGERABLE_MESSAGES = [
  "BootNotification",
  "Heartbeat",
  "MeterValues",
  "StatusNotification",
  "DiagnosticsStatusNotification",
  "FirmwareStatusNotification",
] as const;
