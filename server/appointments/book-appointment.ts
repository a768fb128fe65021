import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { serviceLabel } from "@domain/appointments/appointments";
import type { TBooking } from "@domain/appointments/appointments-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { addDays, formatCalendarDate, lagosToday } from "@domain/time/lagos-time";
import { consumeFormSubmission, RateLimitedError } from "../auth/rate-limits";
import { getDb, type Tx } from "../db/client";
import { publicUrl } from "../env";
import { SALES_TEAM } from "../content/contact/send-contact-message";
import { appointmentRequestedEmail } from "../messaging/appointment-emails";
import { staffNotificationEmail } from "../messaging/staff-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { serviceAppointments } from "./schema";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const REFERENCE_PATTERN = /^ZAV-SRV-[A-Z0-9]{6}$/;

export function newReference(): string {
  let s = "ZAV-SRV-";
  for (let i = 0; i < 6; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Whether a reference belongs to a stored booking (for the confirmation shown after a plain form post). */
export async function isBookingReference(reference: string): Promise<boolean> {
  if (!REFERENCE_PATTERN.test(reference)) return false;
  const [row] = await getDb()
    .select({ id: serviceAppointments.id })
    .from(serviceAppointments)
    .where(eq(serviceAppointments.reference, reference));
  return !!row;
}

/**
 * A visitor books a consultation or installation (the route parsed the form with bookingSchema): the booking
 * and its two e-mails (the customer's, and the sales team's notification) are written in one transaction.
 */
export async function bookAppointment(
  booking: TBooking,
  opts: { userId: string | null; ip: string; now?: Date },
): Promise<TResult<{ reference: string }>> {
  try {
    await consumeFormSubmission("booking", booking.email, opts.ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const reference = await getDb().transaction((tx) => insertBooking(tx, booking, opts.userId, opts.now ?? new Date()));
  return succeed({ reference });
}

async function insertBooking(tx: Tx, b: TBooking, userId: string | null, now: Date): Promise<string> {
  // A clash among 36^6 references is rare; ON CONFLICT keeps the transaction usable to try another.
  let reference = "";
  for (let attempt = 0; !reference; attempt++) {
    if (attempt === 5) throw new Error("could not find a free booking reference");
    const candidate = newReference();
    const [row] = await tx
      .insert(serviceAppointments)
      .values({
        reference: candidate,
        userId,
        name: b.name,
        email: b.email,
        phone: b.phone,
        serviceType: b.serviceType,
        preferredDate: b.preferredDate,
        state: b.state,
        location: b.location,
        notes: b.notes,
      })
      .onConflictDoNothing({ target: serviceAppointments.reference })
      .returning({ reference: serviceAppointments.reference });
    if (row) reference = row.reference;
  }

  const site = publicUrl();
  const service = serviceLabel(b.serviceType);
  const date = formatCalendarDate(b.preferredDate);
  const payload = {
    reference,
    customerName: b.name,
    serviceType: service,
    appointmentDate: date,
    technician: "To be assigned",
    location: `${b.location}, ${b.state}`,
  };
  await enqueueEmail(tx, "appointment-requested", { email: b.email, name: b.name }, appointmentRequestedEmail(payload, site));

  // A visit within three days needs a call today.
  const soon = b.preferredDate <= addDays(lagosToday(now), 3);
  await enqueueEmail(
    tx,
    "staff-notification",
    { email: SALES_TEAM.email, name: SALES_TEAM.name },
    staffNotificationEmail({
      staffName: "Sales team",
      staffEmail: SALES_TEAM.email,
      priority: soon ? "high" : "medium",
      subject: `New booking ${reference}: ${service} in ${b.state}`,
      message: [
        `${b.name} booked ${service.toLowerCase()} for ${date}.`,
        `E-mail: ${b.email}`,
        `Phone: ${b.phone}`,
        `Location: ${b.location}, ${b.state}`,
        `Notes: ${b.notes ?? "None"}`,
        userId ? "Booked while signed in to their account." : "Booked as a guest.",
      ].join("\n"),
      actionRequired: "Call the customer within 24 hours, agree the date, then confirm the booking with a technician's name.",
      actionUrl: `${site}/staff/appointments?q=${reference}`,
      actionLabel: "Open the appointments list",
    }),
  );
  return reference;
}
