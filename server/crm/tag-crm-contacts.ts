import { and, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { findCrmContacts } from "./crm-contact-exists";
import { crmActivities, crmContactTags } from "./schema";

/** Tags on one record or many ticked on the list (docs/product/crm.md#tags); a tag a record has already is left. */
export async function tagCrmContacts(
  staff: TViewer,
  ids: number[],
  tags: string[],
): Promise<TResult<{ contacts: number; tags: string[] }>> {
  return getDb().transaction(async (tx) => {
    const contacts = await findCrmContacts(tx, ids);
    if (contacts.length === 0) return refuse("invalid_input", "Tick at least one record first");
    const added = await tx
      .insert(crmContactTags)
      .values(contacts.flatMap((c) => tags.map((tag) => ({ contactId: c.id, tag }))))
      .onConflictDoNothing()
      .returning({ contactId: crmContactTags.contactId, tag: crmContactTags.tag });
    const byContact = new Map<number, string[]>();
    for (const a of added) byContact.set(a.contactId, [...(byContact.get(a.contactId) ?? []), a.tag]);
    if (byContact.size > 0)
      await tx
        .insert(crmActivities)
        .values(
          [...byContact].map(([contactId, t]) => ({ contactId, authorId: staff.id, kind: "tagged", body: `Tagged ${t.join(", ")}` })),
        );
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.tag",
      resourceType: "crm_contact",
      resourceId: contacts.length === 1 ? String(contacts[0]!.id) : null,
      newData: { contacts: contacts.map((c) => c.id), tags },
    });
    return succeed({ contacts: contacts.length, tags });
  });
}

export async function untagCrmContact(staff: TViewer, input: { contactId: number; tag: string }): Promise<TResult<{ tag: string }>> {
  return getDb().transaction(async (tx) => {
    const removed = await tx
      .delete(crmContactTags)
      .where(and(eq(crmContactTags.contactId, input.contactId), eq(crmContactTags.tag, input.tag)))
      .returning({ tag: crmContactTags.tag });
    if (removed.length === 0) return refuse("not_found", "That record does not have this tag");
    await tx
      .insert(crmActivities)
      .values({ contactId: input.contactId, authorId: staff.id, kind: "tagged", body: `Removed the tag ${input.tag}` });
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.untag",
      resourceType: "crm_contact",
      resourceId: String(input.contactId),
      oldData: { tag: input.tag },
    });
    return succeed({ tag: input.tag });
  });
}
