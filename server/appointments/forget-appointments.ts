import { sql } from "drizzle-orm";
import { ERASED_NAME, type TForgotten, type TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { ofPerson } from "../db/erase-text";
import { serviceAppointments } from "./schema";

/**
 * The person's bookings (docs/product/privacy-requests.md): kept as a record of the visit (reference, service, date,
 * state, status) without name, e-mail, phone, place or notes. A visit not yet done is cancelled: there is nobody to visit.
 */
export async function forgetAppointments(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const rows = await tx
    .update(serviceAppointments)
    .set({
      name: ERASED_NAME,
      email: p.erasedEmail,
      phone: "",
      location: "",
      notes: null,
      userId: p.userId,
      status: sql`case when ${serviceAppointments.status} in ('requested', 'confirmed') then 'cancelled' else ${serviceAppointments.status} end`,
      updatedAt: new Date(),
    })
    .where(ofPerson(serviceAppointments.userId, serviceAppointments.email, p))
    .returning({ id: serviceAppointments.id });
  return { rows: rows.length };
}
