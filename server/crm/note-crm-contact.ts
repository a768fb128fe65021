import { eq, sql } from "drizzle-orm";
import { normaliseEmail, type TCrmSource } from "@domain/crm/crm";
import type { DbOrTx } from "../db/client";
import { refreshCrmStatuses } from "./gather-contacts";
import { crmContactAliases, crmContacts } from "./schema";

export type TCrmSighting = {
  email: string;
  name?: string | null;
  phone?: string | null;
  source: TCrmSource;
  at?: Date;
  userId?: string | null;
};

/**
 * Someone just got in touch (a contact message): their record exists from this moment, a new lead or the same record
 * with fresh activity, inside the caller's transaction. The gathering (gather-contacts.ts) fills in the rest later.
 */
export async function noteCrmContact(
  tx: DbOrTx,
  s: TCrmSighting,
): Promise<{ contactId: number; ownerId: string | null; created: boolean }> {
  const at = s.at ?? new Date();
  // An address merged into another record by staff reaches that record.
  const [alias] = await tx
    .select({ email: crmContacts.email })
    .from(crmContactAliases)
    .innerJoin(crmContacts, eq(crmContacts.id, crmContactAliases.contactId))
    .where(eq(crmContactAliases.email, normaliseEmail(s.email)));
  const [row] = await tx
    .insert(crmContacts)
    .values({
      email: alias?.email ?? normaliseEmail(s.email),
      name: s.name?.trim() || null,
      phone: s.phone?.trim() || null,
      source: s.source,
      userId: s.userId ?? null,
      createdAt: at,
      lastActivityAt: at,
    })
    .onConflictDoUpdate({
      target: crmContacts.email,
      set: {
        name: sql`coalesce(${crmContacts.name}, excluded.name)`,
        phone: sql`coalesce(${crmContacts.phone}, excluded.phone)`,
        userId: sql`coalesce(excluded.user_id, ${crmContacts.userId})`,
        lastActivityAt: sql`greatest(${crmContacts.lastActivityAt}, excluded.last_activity_at)`,
        updatedAt: at,
      },
    })
    .returning({ contactId: crmContacts.id, ownerId: crmContacts.ownerId, created: sql<boolean>`(xmax = 0)` });
  // Someone marked inactive who writes again is active again (crmStatusOf).
  await refreshCrmStatuses(tx, [row!.contactId]);
  return row!;
}
