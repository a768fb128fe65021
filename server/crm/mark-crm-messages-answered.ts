import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { markContactMessagesAnswered } from "../content/contact/waiting-contact-messages";
import { getDb } from "../db/client";
import { crmRecordAddresses, findCrmContacts } from "./crm-contact-exists";
import { crmActivities } from "./schema";

/**
 * "Mark answered" on a record (docs/product/crm.md#waiting-messages): the person was answered another way (by phone,
 * on WhatsApp), so their waiting contact messages stop counting against the 24-hour promise.
 */
export async function markCrmMessagesAnswered(staff: TViewer, contactId: number): Promise<TResult<{ answered: number }>> {
  return getDb().transaction(async (tx) => {
    const [contact] = await findCrmContacts(tx, [contactId]);
    if (!contact) return refuse("not_found", "That record does not exist");
    const answered = await markContactMessagesAnswered(
      tx,
      { emails: await crmRecordAddresses(tx, contact), userId: contact.userId },
      staff.id,
    );
    if (answered === 0) return refuse("conflict", "No message is waiting for an answer");
    await tx.insert(crmActivities).values({
      contactId,
      authorId: staff.id,
      kind: "status",
      body: answered === 1 ? "Marked the waiting message answered" : `Marked ${answered} waiting messages answered`,
    });
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.messages-answered",
      resourceType: "crm_contact",
      resourceId: String(contactId),
      newData: { answered },
    });
    return succeed({ answered });
  });
}
