import { desc, eq, or, sql } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { serviceAppointments } from "./schema";

/**
 * The customer's own bookings: those made while signed in, and those made as a guest with the account's
 * e-mail once that e-mail is verified (an unverified address proves nothing about who booked).
 */
export async function listCustomerAppointments(userId: string) {
  // The account's verified e-mail is read in the same statement: one round trip for the dashboard's list.
  const verifiedEmail = sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId} and ${users.emailVerified})`;
  const mine = or(eq(serviceAppointments.userId, userId), sql`lower(${serviceAppointments.email}) = ${verifiedEmail}`);
  return getDb()
    .select({
      id: serviceAppointments.id,
      reference: serviceAppointments.reference,
      serviceType: serviceAppointments.serviceType,
      preferredDate: serviceAppointments.preferredDate,
      location: serviceAppointments.location,
      state: serviceAppointments.state,
      status: serviceAppointments.status,
      technician: serviceAppointments.technician,
      createdAt: serviceAppointments.createdAt,
    })
    .from(serviceAppointments)
    .where(mine)
    .orderBy(desc(serviceAppointments.preferredDate), desc(serviceAppointments.id));
}
