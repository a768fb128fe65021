// ZavCharge's pure rules (docs/product/zavcharge.md), shared by the browser and the server. No zod here: it
// ships in the network page's and the dashboard's chunks.
import { formatKobo } from "../money/money";
import { formatLagosDateTime } from "../time/lagos-time";

/** A new account starts with ₦1,000 of charging credit (docs/product/zavcharge.md#accounts). */
export const WELCOME_CREDIT_KOBO = 100_000;
/** The plan every new account starts on. */
export const DEFAULT_PLAN_CODE = "monthly";
export const PIN_LENGTH = 6;
/** A session cannot start below this balance (₦500): enough for about 2 kWh at the dearest station. */
export const MIN_START_BALANCE_KOBO = 50_000;
/** Below this balance after a session, the driver is told to top up (₦1,000). */
export const LOW_BALANCE_KOBO = 100_000;
/** Top-ups: presets and the custom range (₦500 to ₦500,000). */
export const TOP_UP_PRESETS_KOBO = [200_000, 500_000, 1_000_000, 2_000_000] as const;
export const TOP_UP_MIN_KOBO = 50_000;
export const TOP_UP_MAX_KOBO = 50_000_000;
/** A PIN session lasts 12 hours; a reset code 15 minutes and 5 tries. */
export const PIN_SESSION_HOURS = 12;

/**
 * What a driver is told when their account opens (docs/product/zavcharge.md#welcome-credit): the id, the welcome credit
 * or that it went to them before, and a generated PIN, once.
 */
export function accountOpenedMessage(a: { code: string; welcomeCreditKobo: number; generatedPin: string | null }): string {
  return [
    `Your subscription ID is ${a.code}.`,
    a.welcomeCreditKobo > 0
      ? `${formatKobo(a.welcomeCreditKobo)} welcome bonus added.`
      : "Top up and choose a plan to start charging: the welcome bonus goes once per person.",
    a.generatedPin ? `Your PIN is ${a.generatedPin}: keep it safe, we will not show it again.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * How a driver is signed in: the site account's password, or a PIN session (docs/product/zavcharge.md#pins). A PIN
 * opens the dashboard's everyday things only; what cannot be undone or moves the account to someone else needs the
 * password.
 */
export type TDriverSignIn = "password" | "pin";
export const PIN_SESSION_REFUSALS = {
  close: "To delete your ZavCharge account, sign in with your Zavolah e-mail and password.",
  phone: "To change your phone number, sign in with your Zavolah e-mail and password.",
} as const;
export const PIN_RESET_MINUTES = 15;
export const PIN_RESET_TRIES = 5;
/** Maintenance reminders go this long before a window (docs/product/zavcharge.md#maintenance). */
export const MAINTENANCE_NOTICE_HOURS = 24;

export const STATION_STATUSES = ["online", "offline", "maintenance"] as const;
export type TStationStatus = (typeof STATION_STATUSES)[number];
export const SLOT_STATUSES = ["available", "charging", "out_of_order"] as const;
export type TSlotStatus = (typeof SLOT_STATUSES)[number];
export const SESSION_STATUSES = ["active", "completed", "cancelled"] as const;
export type TSessionStatus = (typeof SESSION_STATUSES)[number];
export const WALLET_ENTRY_KINDS = ["welcome_credit", "top_up", "charging", "plan_renewal", "refund", "adjustment"] as const;
export type TWalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const WALLET_ENTRY_LABELS: Record<TWalletEntryKind, string> = {
  welcome_credit: "Welcome credit",
  top_up: "Top-up",
  charging: "Charging",
  plan_renewal: "Plan renewal",
  refund: "Refund",
  adjustment: "Adjustment",
};

/** What a driver sees as the account's state: the badge is green only for "active". */
export type TAccountState = "active" | "expired" | "suspended" | "closed";

export function accountState(a: { status: string; planExpiresAt: Date | null }, now: Date): TAccountState {
  if (a.status === "closed") return "closed";
  if (a.status === "suspended") return "suspended";
  if (!a.planExpiresAt || a.planExpiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export const ACCOUNT_STATE_LABELS: Record<TAccountState, string> = {
  active: "Active",
  expired: "Plan expired",
  suspended: "Suspended",
  closed: "Closed",
};

const CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The subscription id: ZAV + the last 8 digits of the time in milliseconds + 4 uppercase letters
 * (docs/product/zavcharge.md#accounts). `randomIndex(n)` returns 0..n-1; the server passes a crypto source.
 */
export function subscriptionCode(nowMs: number, randomIndex: (n: number) => number): string {
  const digits = String(Math.floor(nowMs)).slice(-8).padStart(8, "0");
  let letters = "";
  for (let i = 0; i < 4; i++) letters += CODE_LETTERS[randomIndex(CODE_LETTERS.length)];
  return `ZAV${digits}${letters}`;
}

export const SUBSCRIPTION_CODE_PATTERN = /^ZAV\d{8}[A-Z]{4}$/;

/** Typed ids are trimmed and upper-cased, so "zav12345678abcd " finds the account. */
export function normaliseSubscriptionCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The PIN field keeps digits only (docs/product/zavcharge.md#messages). */
export function pinDigits(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, PIN_LENGTH);
}

export function isValidPin(pin: string): boolean {
  return /^\d{6}$/.test(pin);
}

/** A generated PIN: 100000-999999. */
export function generatedPin(randomIndex: (n: number) => number): string {
  return String(100_000 + randomIndex(900_000));
}

/** Cost of a session: energy (Wh) × price per kWh, rounded down to the kobo. */
export function sessionCostKobo(energyWh: number, pricePerKwhKobo: number): number {
  return Math.floor((energyWh * pricePerKwhKobo) / 1000);
}

/** "12.35 kWh" from Wh. */
export function formatEnergy(wh: number): string {
  return `${(wh / 1000).toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kWh`;
}

/** "1 h 05 min", "42 min", "under a minute". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "under a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}

/** "2 hours", "90 minutes", "1 hour": how a maintenance window's length reads. */
export function formatMaintenanceLength(minutes: number): string {
  if (minutes % 60 === 0) {
    const h = minutes / 60;
    return `${h} hour${h === 1 ? "" : "s"}`;
  }
  return `${minutes} minutes`;
}

/** Slots free to start a session now: the station must be online and outside a maintenance window. */
export function availableSlots(
  station: { status: string; maintenanceStartsAt: Date | null; maintenanceMinutes: number },
  slots: { status: string }[],
  now: Date,
): number {
  if (station.status !== "online" || inMaintenance(station, now)) return 0;
  return slots.filter((s) => s.status === "available").length;
}

export function inMaintenance(station: { maintenanceStartsAt: Date | null; maintenanceMinutes: number }, now: Date): boolean {
  if (!station.maintenanceStartsAt) return false;
  const start = station.maintenanceStartsAt.getTime();
  return now.getTime() >= start && now.getTime() < start + station.maintenanceMinutes * 60_000;
}

/** Why a session cannot start, in the words shown to the driver and the attendant; null when it can. */
export function startRefusal(
  a: { state: TAccountState; balanceKobo: number },
  station: { status: string; maintenanceStartsAt: Date | null; maintenanceMinutes: number; name: string },
  slot: { status: string; number: number },
  now: Date,
): string | null {
  if (a.state === "suspended") return "This ZavCharge account is suspended. Please contact support.";
  if (a.state === "closed") return "This ZavCharge account is closed.";
  if (a.state === "expired") return "The plan on this account has expired. Renew it to start charging.";
  if (a.balanceKobo < MIN_START_BALANCE_KOBO)
    return `The balance is below the ${formatKobo(MIN_START_BALANCE_KOBO)} needed to start. Please top up.`;
  if (station.status === "maintenance" || inMaintenance(station, now)) return `${station.name} is closed for maintenance.`;
  if (station.status !== "online") return `${station.name} is offline at the moment.`;
  if (slot.status === "charging") return `Slot ${slot.number} is already in use.`;
  if (slot.status !== "available") return `Slot ${slot.number} is out of order.`;
  return null;
}

// --- The network and its stations (docs/product/zavcharge.md#stations-and-slots) ---

/** Connector types a slot can have: the AC and DC plugs cars sold in Nigeria use. */
export const CONNECTOR_TYPES = ["Type 2", "CCS2", "CHAdeMO", "GB/T"] as const;
/** Features staff usually pick from; a station may list others. */
export const STATION_FEATURES = [
  "Solar canopy",
  "Fast DC",
  "Battery buffer",
  "24/7",
  "Security",
  "Covered parking",
  "Restrooms",
  "Café",
  "Wi-Fi",
] as const;
export const STATION_STATUS_LABELS: Record<TStationStatus, string> = {
  online: "Online",
  offline: "Offline",
  maintenance: "Maintenance",
};
export const SLOT_STATUS_LABELS: Record<TSlotStatus, string> = {
  available: "Available",
  charging: "Charging",
  out_of_order: "Out of order",
};
/** Slot statuses staff set by hand: "charging" is set by sessions only. */
export const STAFF_SLOT_STATUSES = ["available", "out_of_order"] as const;
/** A maintenance window lasts 2 hours unless staff say otherwise; 15 minutes to a week. */
export const DEFAULT_MAINTENANCE_MINUTES = 120;
export const MAINTENANCE_MINUTES_MIN = 15;
export const MAINTENANCE_MINUTES_MAX = 10_080;
/** Drivers who charged at a station this recently hear about its maintenance. */
export const RECENT_DRIVER_DAYS = 30;
export const SLOT_POWER_MAX_KW = 400;

/** What a driver sees: a station inside its maintenance window reads "maintenance" whatever its status. */
export function stationDisplayStatus(
  station: { status: string; maintenanceStartsAt: Date | null; maintenanceMinutes: number },
  now: Date,
): TStationStatus {
  if (station.status === "maintenance" || inMaintenance(station, now)) return "maintenance";
  return station.status === "online" ? "online" : "offline";
}

/** "Maintenance on 23 Nov 2026, 10:00, for 2 hours" while a window is ahead or running; null otherwise. */
export function maintenanceNotice(
  station: { maintenanceStartsAt: Date | string | null; maintenanceMinutes: number },
  now: Date,
): string | null {
  if (!station.maintenanceStartsAt) return null;
  const start = new Date(station.maintenanceStartsAt);
  if (start.getTime() + station.maintenanceMinutes * 60_000 <= now.getTime()) return null;
  return `Maintenance on ${formatLagosDateTime(start)}, for ${formatMaintenanceLength(station.maintenanceMinutes)}`;
}

/** "₦250/kWh". */
export function formatPricePerKwh(kobo: number): string {
  return `${formatKobo(kobo)}/kWh`;
}

/** Google Maps directions to a station. */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** A station as drivers see it on the network page (docs/product/zavcharge.md#stations-and-slots). */
export type TStationCard = {
  id: number;
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  pricePerKwhKobo: number;
  features: string[];
  openingHours: string;
  status: TStationStatus;
  availableSlots: number;
  totalSlots: number;
  /** "2 × CCS2 60 kW", grouped by connector and power. */
  connectors: { connector: string; powerKw: number; count: number }[];
  /** "Maintenance on …, for 2 hours" while a window is ahead or running. */
  maintenance: string | null;
};

export type TNetworkFilters = { city?: string; status?: TStationStatus; connector?: string; feature?: string };

/** The network page's address for a set of filters (the GET form builds the same). */
export function networkHref(f: TNetworkFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `/zavcharge?${s}` : "/zavcharge";
}

/** The realtime event open network pages listen for; anonymous sockets receive this type only. */
export const STATION_EVENT_TYPE = "zavcharge.station";

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

/** The statement's file name (docs/product/zavcharge.md#statement): zavcharge-statement-<id>-<yyyy-mm-dd>. */
export function statementFileName(code: string, lagosIsoDay: string, ext: "csv" | "pdf"): string {
  return `zavcharge-statement-${code}-${lagosIsoDay}.${ext}`;
}

/** Staff reasons (suspension, wallet adjustment): required, this long at most. */
export const STAFF_REASON_MAX = 500;
/** A staff wallet adjustment: at most ₦500,000 at a time. */
export const ADJUSTMENT_MAX_KOBO = 50_000_000;
export const SUBSCRIBER_STATUS_FILTERS = ["all", "active", "expired", "suspended", "closed"] as const;
export type TSubscriberStatusFilter = (typeof SUBSCRIBER_STATUS_FILTERS)[number];
/** The staff figures cover this many days (docs/product/zavcharge.md). */
export const FIGURES_DAYS = 30;
