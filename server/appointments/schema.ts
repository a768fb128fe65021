import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { atNow } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

/**
 * Consultation and installation bookings (docs/product/content.md#service-bookings; serviceType,
 * appointmentDate, technician, location). A guest's booking is matched to their account by e-mail.
 */
export const serviceAppointments = pgTable(
  "service_appointments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reference: text("reference").notNull().unique(),
    userId: mayReferToUser("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    serviceType: text("service_type").notNull(),
    preferredDate: date("preferred_date", { mode: "string" }).notNull(),
    state: text("state").notNull(),
    location: text("location").notNull(),
    notes: text("notes"),
    status: text("status").notNull().default("requested"),
    technician: text("technician"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    check("service_appointments_status_check", sql`${t.status} in ('requested', 'confirmed', 'completed', 'cancelled')`),
    index("service_appointments_user_idx").on(t.userId),
    index("service_appointments_email_idx").on(sql`lower(${t.email})`),
    index("service_appointments_date_idx").on(t.preferredDate),
  ],
);
