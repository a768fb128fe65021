import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { findCrmContacts } from "./crm-contact-exists";
import { crmActivities } from "./schema";

/** A note on a record (docs/product/crm.md#the-record): kept in its timeline with the author. */
export async function addCrmNote(staff: TViewer, input: { contactId: number; body: string }): Promise<TResult> {
  return getDb().transaction(async (tx) => {
    const [contact] = await findCrmContacts(tx, [input.contactId]);
    if (!contact) return refuse("not_found", "That record does not exist");
    const [row] = await tx
      .insert(crmActivities)
      .values({ contactId: contact.id, authorId: staff.id, kind: "note", body: input.body })
      .returning({ id: crmActivities.id });
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.note",
      resourceType: "crm_contact",
      resourceId: String(contact.id),
      newData: { noteId: row!.id },
    });
    return succeed();
  });
}
