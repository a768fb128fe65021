import { z } from "zod";
import { NIGERIAN_STATES, isNigerianState } from "../nigeria/states";
import { ZNigerianPhone } from "../nigeria/phone";
import { addDays, lagosToday } from "../time/lagos-time";

// Service bookings: the form's rules (shared by the page and the server, same messages), the service types,
// the statuses and which changes staff may make. Isomorphic: no server imports.

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

const isCalendarDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The booking form; `now` decides which dates are open. */
export function bookingSchema(now = new Date()) {
  const { min, max } = bookingDateBounds(now);
  return z.object({
    name: z
      .string({ error: "Please enter your full name" })
      .trim()
      .min(2, "Please enter your full name")
      .max(100, "Name must be at most 100 characters"),
    email: z
      .string({ error: "Please enter your email address" })
      .trim()
      .toLowerCase()
      .min(1, "Please enter your email address")
      .email("Please enter a valid email address")
      .max(254),
    phone: ZNigerianPhone,
    serviceType: z.enum(Object.keys(SERVICE_TYPES) as [TServiceType, ...TServiceType[]], { error: "Please choose a service" }),
    preferredDate: z
      .string({ error: "Please choose a preferred date" })
      .trim()
      .min(1, "Please choose a preferred date")
      .refine(isCalendarDate, "Enter the date as YYYY-MM-DD")
      .refine((v) => !isCalendarDate(v) || v >= min, "Choose a date from tomorrow onwards")
      .refine((v) => !isCalendarDate(v) || v <= max, "Choose a date within the next 6 months"),
    location: z
      .string({ error: "Please enter the address or area for the visit" })
      .trim()
      .min(5, "Please enter the address or area for the visit")
      .max(200, "Address must be at most 200 characters"),
    state: z.string({ error: "Please choose your state" }).refine(isNigerianState, "Please choose your state"),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`)
      .optional()
      .transform((v) => (v ? v : null)),
  });
}
export type TBooking = z.infer<ReturnType<typeof bookingSchema>>;

export { NIGERIAN_STATES };

/** The honeypot field's name: people never see it, form-filling bots often do. */
export const HONEYPOT = "website";

/** Staff list filters, read from the address bar; anything odd falls back to the default. */
export const ZAppointmentFilters = z.object({
  status: z.enum(["all", ...APPOINTMENT_STATUSES]).catch("all"),
  when: z.enum(["all", "upcoming", "past"]).catch("all"),
  sort: z.enum(["newest", "soonest"]).catch("newest"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TAppointmentFilters = z.infer<typeof ZAppointmentFilters>;
export const PAGE_SIZE = 25;
