import { NIGERIAN_STATES } from "../nigeria/states";
import { addDays, lagosToday } from "../time/lagos-time";

// Service bookings: the form's limits, the service types, the statuses and which changes staff may make.
// Isomorphic: no server imports; the form's schema is in appointments-input.ts.

export const SERVICE_TYPES = {
  consultation: "Consultation",
  "solar-installation": "Solar installation",
  "solar-maintenance": "Solar maintenance",
  "smart-furniture-fitting": "Smart furniture fitting",
  construction: "Design and construction",
} as const;
export type TServiceType = keyof typeof SERVICE_TYPES;
export const serviceLabel = (type: string) => SERVICE_TYPES[type as TServiceType] ?? type;

export const APPOINTMENT_STATUSES = ["requested", "confirmed", "completed", "cancelled"] as const;
export type TAppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const STATUS_LABELS: Record<TAppointmentStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The changes staff may make: requested -> confirmed | cancelled, confirmed -> completed | cancelled. */
export const APPOINTMENT_ACTIONS = { confirm: "confirmed", complete: "completed", cancel: "cancelled" } as const;
export type TAppointmentAction = keyof typeof APPOINTMENT_ACTIONS;
const ALLOWED: Record<TAppointmentStatus, readonly TAppointmentAction[]> = {
  requested: ["confirm", "cancel"],
  confirmed: ["complete", "cancel"],
  completed: [],
  cancelled: [],
};
export function allowedActions(status: string): readonly TAppointmentAction[] {
  return ALLOWED[status as TAppointmentStatus] ?? [];
}

/** How far ahead a visit can be booked (about six months). */
export const MAX_DAYS_AHEAD = 183;
export const NOTES_MAX = 1000;

/** The first and last date the form accepts: tomorrow in Lagos, and about six months on. */
export function bookingDateBounds(now = new Date()) {
  const today = lagosToday(now);
  return { min: addDays(today, 1), max: addDays(today, MAX_DAYS_AHEAD) };
}

export { NIGERIAN_STATES };

/** The honeypot field's name: people never see it, form-filling bots often do. */
export const HONEYPOT = "website";

export const PAGE_SIZE = 25;
