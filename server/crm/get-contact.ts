import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { TConsent, TCrmSource, TCrmStatus } from "@domain/crm/crm";
import { users } from "../auth/schema";
import { listWaitingContactMessages } from "../content/contact/waiting-contact-messages";
import { getDb } from "../db/client";
import { crmRecordAddresses } from "./crm-contact-exists";
import { crmContacts, crmContactTags, crmNextActions } from "./schema";

// One record as staff see it (docs/product/crm.md#the-record): the details, tags, owner and next actions.
// The timeline is get-contact-timeline.ts.

export async function getCrmContact(id: number) {
  const db = getDb();
  const [contact] = await db
    .select({
      id: crmContacts.id,
      email: crmContacts.email,
      name: crmContacts.name,
      phone: crmContacts.phone,
      source: crmContacts.source,
      status: crmContacts.status,
      consent: crmContacts.consent,
      consentSource: crmContacts.consentSource,
      consentAt: crmContacts.consentAt,
      paidOrders: crmContacts.paidOrders,
      subscribed: crmContacts.subscribed,
      ownerId: crmContacts.ownerId,
      ownerName: users.name,
      userId: crmContacts.userId,
      createdAt: crmContacts.createdAt,
      lastActivityAt: crmContacts.lastActivityAt,
    })
    .from(crmContacts)
    .leftJoin(users, eq(users.id, crmContacts.ownerId))
    .where(eq(crmContacts.id, id));
  if (!contact) return null;
  const [tags, open, done, waitingMessages] = await Promise.all([
    db.select({ tag: crmContactTags.tag }).from(crmContactTags).where(eq(crmContactTags.contactId, id)).orderBy(asc(crmContactTags.tag)),
    db
      .select({ id: crmNextActions.id, title: crmNextActions.title, dueOn: crmNextActions.dueOn, doneAt: crmNextActions.doneAt })
      .from(crmNextActions)
      .where(and(eq(crmNextActions.contactId, id), isNull(crmNextActions.doneAt)))
      .orderBy(asc(crmNextActions.dueOn), asc(crmNextActions.id)),
    db
      .select({ id: crmNextActions.id, title: crmNextActions.title, dueOn: crmNextActions.dueOn, doneAt: crmNextActions.doneAt })
      .from(crmNextActions)
      .where(and(eq(crmNextActions.contactId, id), isNotNull(crmNextActions.doneAt)))
      .orderBy(desc(crmNextActions.doneAt))
      .limit(5),
    // Contact messages still waiting for an answer (docs/product/crm.md#waiting-messages).
    crmRecordAddresses(db, contact).then((emails) => listWaitingContactMessages({ emails, userId: contact.userId }, db)),
  ]);
  return {
    ...contact,
    source: contact.source as TCrmSource,
    status: contact.status as TCrmStatus,
    consent: contact.consent as TConsent,
    tags: tags.map((t) => t.tag),
    nextActions: open,
    doneActions: done,
    waitingMessages,
  };
}
export type TCrmContact = NonNullable<Awaited<ReturnType<typeof getCrmContact>>>;
