import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { crmContacts } from "./schema";

/** The records among these ids that exist, with what an action needs to name them. */
export async function findCrmContacts(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: crmContacts.id, email: crmContacts.email, name: crmContacts.name, ownerId: crmContacts.ownerId })
    .from(crmContacts)
    .where(inArray(crmContacts.id, ids));
}

export const displayName = (c: { name: string | null; email: string }) => c.name ?? c.email;
