import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { findCrmContacts } from "./crm-contact-exists";
import { crmNextActions } from "./schema";

/** A follow-up owed to the person, due on a Lagos calendar day (docs/product/crm.md#next-actions). */
export async function addCrmNextAction(staff: TViewer, input: { contactId: number; title: string; dueOn: string }): Promise<TResult> {
  return getDb().transaction(async (tx) => {
    const [contact] = await findCrmContacts(tx, [input.contactId]);
    if (!contact) return refuse("not_found", "That record does not exist");
    const [row] = await tx
      .insert(crmNextActions)
      .values({ contactId: contact.id, title: input.title, dueOn: input.dueOn, createdById: staff.id })
      .returning({ id: crmNextActions.id });
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.next-action",
      resourceType: "crm_contact",
      resourceId: String(contact.id),
      newData: { actionId: row!.id, title: input.title, dueOn: input.dueOn },
    });
    return succeed();
  });
}
