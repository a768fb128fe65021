import { eq, inArray, or } from "drizzle-orm";
import { normaliseEmail } from "@domain/crm/crm";
import type { DbOrTx } from "../db/client";
import { crmContactAliases, crmContacts } from "./schema";

/** The records among these ids that exist, with what an action needs to name them. */
export async function findCrmContacts(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: crmContacts.id,
      email: crmContacts.email,
      name: crmContacts.name,
      ownerId: crmContacts.ownerId,
      userId: crmContacts.userId,
    })
    .from(crmContacts)
    .where(inArray(crmContacts.id, ids));
}

export const displayName = (c: { name: string | null; email: string }) => c.name ?? c.email;

/** The record an address belongs to (its own or one merged into it), with its owner; null when there is none yet. */
export async function findCrmRecordForEmail(db: DbOrTx, email: string): Promise<{ id: number; ownerId: string | null } | null> {
  const address = normaliseEmail(email);
  const [row] = await db
    .select({ id: crmContacts.id, ownerId: crmContacts.ownerId })
    .from(crmContacts)
    .leftJoin(crmContactAliases, eq(crmContactAliases.contactId, crmContacts.id))
    .where(or(eq(crmContacts.email, address), eq(crmContactAliases.email, address)))
    .limit(1);
  return row ?? null;
}

/** Every address a record answers to: its own and those merged into it (docs/product/crm.md#merging). */
export async function crmRecordAddresses(db: DbOrTx, contact: { id: number; email: string }): Promise<string[]> {
  const aliases = await db
    .select({ email: crmContactAliases.email })
    .from(crmContactAliases)
    .where(eq(crmContactAliases.contactId, contact.id));
  return [contact.email, ...aliases.map((a) => a.email)];
}
