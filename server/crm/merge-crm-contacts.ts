import { and, eq, inArray, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { mergedConsent, type TConsent } from "@domain/crm/crm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb, type DbOrTx } from "../db/client";
import { refreshCrmStatuses } from "./gather-contacts";
import { crmActivities, crmContactAliases, crmContacts, crmContactTags, crmNextActions } from "./schema";

// Merging two records by hand (docs/product/crm.md#merging): one person known under two addresses. The kept record keeps
// its address; the other's address becomes an alias of it, so the gathering and new messages reach the kept record.

async function pair(tx: DbOrTx, keepId: number, otherId: number) {
  const rows = await tx
    .select()
    .from(crmContacts)
    .where(inArray(crmContacts.id, [keepId, otherId]));
  return { keep: rows.find((r) => r.id === keepId), other: rows.find((r) => r.id === otherId) };
}

/** What a merge would give, for the preview: the kept record's values after it, and what moves over. */
export async function previewCrmMerge(keepId: number, otherEmail: string) {
  const db = getDb();
  const [other] = await db.select({ id: crmContacts.id }).from(crmContacts).where(eq(crmContacts.email, otherEmail.trim().toLowerCase()));
  if (!other) return refuse("not_found", "No record has that e-mail address", { field: "otherEmail" });
  if (other.id === keepId) return refuse("invalid_input", "That is this record's own address", { field: "otherEmail" });
  const { keep, other: o } = await pair(db, keepId, other.id);
  if (!keep || !o) return refuse("not_found", "That record does not exist");
  const [moving] = await db
    .select({
      activities: sql<number>`(select count(*)::int from ${crmActivities} where ${crmActivities.contactId} = ${o.id})`,
      actions: sql<number>`(select count(*)::int from ${crmNextActions} where ${crmNextActions.contactId} = ${o.id} and ${crmNextActions.doneAt} is null)`,
      tags: sql<
        string[]
      >`coalesce((select array_agg(tag order by tag) from ${crmContactTags} where ${crmContactTags.contactId} = ${o.id}), '{}')`,
    })
    .from(sql`(select 1) one`);
  return succeed({
    other: { id: o.id, email: o.email, name: o.name, phone: o.phone, paidOrders: o.paidOrders },
    result: {
      name: keep.name ?? o.name,
      phone: keep.phone ?? o.phone,
      consent: mergedConsent(keep.consent as TConsent, o.consent as TConsent),
      paidOrders: keep.paidOrders + o.paidOrders,
    },
    moving: moving!,
  });
}

export async function mergeCrmContacts(staff: TViewer, input: { keepId: number; otherId: number }): Promise<TResult<{ email: string }>> {
  if (input.keepId === input.otherId) return refuse("invalid_input", "A record cannot be merged with itself");
  return getDb().transaction(async (tx) => {
    const { keep, other } = await pair(tx, input.keepId, input.otherId);
    if (!keep || !other) return refuse("not_found", "One of the two records no longer exists");
    const consent = mergedConsent(keep.consent as TConsent, other.consent as TConsent);
    const fromOther = consent === other.consent && consent !== keep.consent;
    await tx
      .update(crmContacts)
      .set({
        name: keep.name ?? other.name,
        phone: keep.phone ?? other.phone,
        ownerId: keep.ownerId ?? other.ownerId,
        userId: keep.userId ?? other.userId,
        paidOrders: keep.paidOrders + other.paidOrders,
        subscribed: keep.subscribed || other.subscribed,
        consent,
        consentAt: fromOther ? other.consentAt : keep.consentAt,
        consentSource: fromOther ? other.consentSource : keep.consentSource,
        createdAt: keep.createdAt < other.createdAt ? keep.createdAt : other.createdAt,
        lastActivityAt: keep.lastActivityAt > other.lastActivityAt ? keep.lastActivityAt : other.lastActivityAt,
        updatedAt: new Date(),
      })
      .where(eq(crmContacts.id, keep.id));
    await tx.execute(sql`
      insert into crm_contact_tags (contact_id, tag, created_at)
      select ${keep.id}, tag, created_at from crm_contact_tags where contact_id = ${other.id}
      on conflict do nothing`);
    await tx.update(crmActivities).set({ contactId: keep.id }).where(eq(crmActivities.contactId, other.id));
    await tx.update(crmNextActions).set({ contactId: keep.id }).where(eq(crmNextActions.contactId, other.id));
    await tx.update(crmContactAliases).set({ contactId: keep.id }).where(eq(crmContactAliases.contactId, other.id));
    await tx.insert(crmContactAliases).values({ email: other.email, contactId: keep.id, mergedById: staff.id });
    await tx.delete(crmContacts).where(and(eq(crmContacts.id, other.id)));
    await tx.insert(crmActivities).values({ contactId: keep.id, authorId: staff.id, kind: "merged", body: `Merged with ${other.email}` });
    await refreshCrmStatuses(tx, [keep.id]);
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.merge",
      resourceType: "crm_contact",
      resourceId: String(keep.id),
      oldData: { merged: { id: other.id, email: other.email, name: other.name } },
    });
    return succeed({ email: other.email });
  });
}
