import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { markContactMessagesAnswered } from "../content/contact/waiting-contact-messages";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { genericEmail } from "../messaging/generic-emails";
import { crmRecordAddresses, findCrmContacts } from "./crm-contact-exists";
import { crmActivities } from "./schema";

/**
 * A one-to-one e-mail from a record, started from a template and written by staff (docs/product/crm.md#e-mail): queued in
 * the outbox with the record's activity in one transaction; the timeline shows its delivery.
 */
export async function emailCrmContact(
  staff: TViewer,
  input: { contactId: number; subject: string; body: string },
): Promise<TResult<{ email: string }>> {
  return getDb().transaction(async (tx) => {
    const [contact] = await findCrmContacts(tx, [input.contactId]);
    if (!contact) return refuse("not_found", "That record does not exist");
    const outboxId = await enqueueEmail(
      tx,
      "crm-email",
      { email: contact.email, name: contact.name },
      genericEmail(
        {
          subject: input.subject,
          toName: contact.name ?? undefined,
          message: input.body,
          footnote: `Sent by ${staff.name} of Zavolah. Reply to this e-mail to answer.`,
        },
        publicUrl(),
      ),
    );
    await tx
      .insert(crmActivities)
      .values({ contactId: contact.id, authorId: staff.id, kind: "email", body: `${input.subject}\n\n${input.body}`, outboxId });
    // An e-mail from the record answers the person's waiting contact messages (docs/product/crm.md#waiting-messages).
    await markContactMessagesAnswered(tx, { emails: await crmRecordAddresses(tx, contact), userId: contact.userId }, staff.id);
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.email",
      resourceType: "crm_contact",
      resourceId: String(contact.id),
      newData: { outboxId, subject: input.subject },
    });
    return succeed({ email: contact.email });
  });
}
