import { count, eq, inArray } from "drizzle-orm";
import { addDays, lagosToday } from "@domain/time/lagos-time";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { gatherCrmContacts } from "./gather-contacts";
import { crmActivities, crmContacts, crmContactTags, crmNextActions } from "./schema";

/** The demo CRM: the gathered records, with a little of the team's own work on them. Idempotent. */
export async function seedDemoCrm() {
  const db = getDb();
  await gatherCrmContacts();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(crmActivities);
  if (n > 0) return;
  const [staff] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, "staff@zavolah.ng"));
  if (!staff) return;
  const records = await db
    .select({ id: crmContacts.id, email: crmContacts.email, status: crmContacts.status })
    .from(crmContacts)
    .where(inArray(crmContacts.email, ["customer@zavolah.ng", "student@zavolah.ng"]));
  const now = Date.now();
  for (const r of records) {
    await db.update(crmContacts).set({ ownerId: staff.id }).where(eq(crmContacts.id, r.id));
    await db
      .insert(crmContactTags)
      .values([
        { contactId: r.id, tag: "lagos" },
        { contactId: r.id, tag: r.email.startsWith("student") ? "academy" : "solar" },
      ])
      .onConflictDoNothing();
    await db.insert(crmActivities).values([
      {
        contactId: r.id,
        authorId: staff.id,
        kind: "assigned",
        body: `Given to ${staff.name} by ${staff.name}`,
        createdAt: new Date(now - 3 * 86_400_000),
      },
      {
        contactId: r.id,
        authorId: staff.id,
        kind: "note",
        body: r.email.startsWith("student")
          ? "Asked about the advanced installer course for two of her technicians. Send the intake dates."
          : "Runs a 5 kVA inverter with a generator backup in Lekki. Interested in adding two batteries before the rainy season.",
        createdAt: new Date(now - 2 * 86_400_000),
      },
    ]);
    await db.insert(crmNextActions).values({
      contactId: r.id,
      title: r.email.startsWith("student") ? "Send the next intake dates" : "Call about a battery upgrade quote",
      dueOn: addDays(lagosToday(), 2),
      createdById: staff.id,
    });
  }
}
