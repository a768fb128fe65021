// The network (docs/product/zavcharge.md#stations-and-slots): stations, slots, connectors, maintenance windows and
// the network page's filters. Shared by the browser and the server: no zod here; it ships in the network page's chunk.
import { formatLagosDateTime } from "../../time/lagos-time";

/** Maintenance reminders go this long before a window (docs/product/zavcharge.md#maintenance). */
export const MAINTENANCE_NOTICE_HOURS = 24;

export const STATION_STATUSES = ["online", "offline", "maintenance"] as const;
export type TStationStatus = (typeof STATION_STATUSES)[number];
export const SLOT_STATUSES = ["available", "charging", "out_of_order"] as const;
export type TSlotStatus = (typeof SLOT_STATUSES)[number];

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
