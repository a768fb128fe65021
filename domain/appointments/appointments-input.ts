import { z } from "zod";
import { isCalendarDate } from "../time/lagos-time";
import { requiredText, textOrNull } from "../text/text-input";
import { ZNigerianPhone } from "../nigeria/phone-input";
import { isNigerianState } from "../nigeria/states";
import { APPOINTMENT_STATUSES, bookingDateBounds, NOTES_MAX, SERVICE_TYPES, type TServiceType } from "./appointments";

// The booking form and the staff list filters as the server reads them (docs/product/validation-and-messages.md);
// apart from appointments.ts so the services page does not ship zod.

/** The booking form; `now` decides which dates are open. */
export function bookingSchema(now = new Date()) {
  const { min, max } = bookingDateBounds(now);
  return z.object({
    name: requiredText(2, 100, "Please enter your full name", "Name must be at most 100 characters"),
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
    location: requiredText(5, 200, "Please enter the address or area for the visit", "Address must be at most 200 characters"),
    state: z.string({ error: "Please choose your state" }).refine(isNigerianState, "Please choose your state"),
    notes: textOrNull(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
  });
}
export type TBooking = z.infer<ReturnType<typeof bookingSchema>>;

/** Staff list filters, read from the address bar; anything odd falls back to the default. */
export const ZAppointmentFilters = z.object({
  status: z.enum(["all", ...APPOINTMENT_STATUSES]).catch("all"),
  when: z.enum(["all", "upcoming", "past"]).catch("all"),
  sort: z.enum(["newest", "soonest"]).catch("newest"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TAppointmentFilters = z.infer<typeof ZAppointmentFilters>;
