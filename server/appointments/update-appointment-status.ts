import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  allowedActions,
  APPOINTMENT_ACTIONS,
  serviceLabel,
  STATUS_LABELS,
  type TAppointmentStatus,
} from "@domain/appointments/appointments";
import { formatCalendarDate } from "@domain/time/lagos-time";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { appointmentCancelledEmail, appointmentConfirmedEmail } from "../messaging/appointment-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { serviceAppointments } from "./schema";

export const ZAppointmentChange = z
  .object({
    id: z.coerce.number().int().positive("Unknown appointment"),
    action: z.enum(Object.keys(APPOINTMENT_ACTIONS) as [keyof typeof APPOINTMENT_ACTIONS], { error: "Unknown action" }),
    technician: z.string().trim().max(100, "Technician name must be at most 100 characters").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === "confirm" && (!v.technician || v.technician.length < 2)) {
      ctx.addIssue({ code: "custom", path: ["technician"], message: "Enter the technician's name to confirm" });
    }
  });

export type TAppointmentChange = z.output<typeof ZAppointmentChange>;

/**
 * Staff confirm (with a technician), complete or cancel a booking. The role and the transition are checked
 * here, whatever the page showed; the change, its audit entry and the customer's e-mail land together.
 */
export async function updateAppointmentStatus(
  actor: TViewer,
  input: TAppointmentChange,
): Promise<TResult<{ reference: string; status: TAppointmentStatus }>> {
  if (!hasRoleLevel(actor.role, "staff")) return refuse("forbidden", "Only staff can change appointments.");
  const { id, action } = input;
  const next = APPOINTMENT_ACTIONS[action];

  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(serviceAppointments).where(eq(serviceAppointments.id, id)).for("update");
    if (!row) return refuse("not_found", "That appointment no longer exists.");
    if (!allowedActions(row.status).includes(action)) {
      const status = STATUS_LABELS[row.status as TAppointmentStatus]?.toLowerCase() ?? row.status;
      return refuse("conflict", `A ${status} appointment cannot be ${next}.`);
    }
    const technician = action === "confirm" ? input.technician! : row.technician;
    await tx.update(serviceAppointments).set({ status: next, technician, updatedAt: new Date() }).where(eq(serviceAppointments.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: `appointment.${action}`,
      resourceType: "service_appointment",
      resourceId: row.reference,
      oldData: { status: row.status, technician: row.technician },
      newData: { status: next, technician },
    });

    const payload = {
      reference: row.reference,
      customerName: row.name,
      serviceType: serviceLabel(row.serviceType),
      appointmentDate: formatCalendarDate(row.preferredDate),
      technician: technician ?? "To be assigned",
      location: `${row.location}, ${row.state}`,
    };
    const to = { email: row.email, name: row.name };
    if (next === "confirmed") await enqueueEmail(tx, "appointment-confirmed", to, appointmentConfirmedEmail(payload, publicUrl()));
    if (next === "cancelled") await enqueueEmail(tx, "appointment-cancelled", to, appointmentCancelledEmail(payload, publicUrl()));
    return succeed({ reference: row.reference, status: next });
  });
}
