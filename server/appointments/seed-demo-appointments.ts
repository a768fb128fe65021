import { eq } from "drizzle-orm";
import { addDays, lagosToday } from "@domain/time/lagos-time";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { DEMO_APPOINTMENTS } from "../db/seed/demo-data";
import { serviceAppointments } from "./schema";

/** Idempotent: fixed references, so a second run adds nothing and keeps what staff changed. No e-mails. */
export async function seedDemoAppointments() {
  const db = getDb();
  const today = lagosToday();
  for (const a of DEMO_APPOINTMENTS) {
    const [owner] = a.account ? await db.select({ id: users.id }).from(users).where(eq(users.email, a.account)) : [];
    const { account: _account, inDays, ...row } = a;
    await db
      .insert(serviceAppointments)
      .values({ ...row, userId: owner?.id ?? null, preferredDate: addDays(today, inDays) })
      .onConflictDoNothing({ target: serviceAppointments.reference });
  }
}
