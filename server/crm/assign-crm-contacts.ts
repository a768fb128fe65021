import { and, inArray, isNotNull, isNull, ne, or } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { notifyStaff } from "../notifications/notify-staff";
import { listTeam } from "../users/list-team";
import { displayName, findCrmContacts } from "./crm-contact-exists";
import { crmActivities, crmContacts } from "./schema";

/**
 * Gives records to a member of staff, or to nobody (docs/product/crm.md#owners). The new owner is told once for the
 * whole batch, in the bell and by e-mail, unless they gave the records to themselves.
 */
export async function assignCrmContacts(
  staff: TViewer,
  ids: number[],
  ownerId: string | null,
): Promise<TResult<{ changed: number; ownerName: string | null }>> {
  return getDb().transaction(async (tx) => {
    const owner = ownerId ? (await listTeam(tx)).find((m) => m.id === ownerId) : null;
    if (ownerId && !owner) return refuse("invalid_input", "Records can only be given to a member of staff", { field: "ownerId" });
    const contacts = await findCrmContacts(tx, ids);
    if (contacts.length === 0) return refuse("invalid_input", "Tick at least one record first");
    const changed = await tx
      .update(crmContacts)
      .set({ ownerId, updatedAt: new Date() })
      .where(
        and(
          inArray(
            crmContacts.id,
            contacts.map((c) => c.id),
          ),
          ownerId ? or(isNull(crmContacts.ownerId), ne(crmContacts.ownerId, ownerId)) : isNotNull(crmContacts.ownerId),
        ),
      )
      .returning({ id: crmContacts.id, email: crmContacts.email, name: crmContacts.name });
    if (changed.length === 0) return succeed({ changed: 0, ownerName: owner?.name ?? null });
    const body = owner ? `Given to ${owner.name} by ${staff.name}` : `No longer owned (by ${staff.name})`;
    await tx.insert(crmActivities).values(changed.map((c) => ({ contactId: c.id, authorId: staff.id, kind: "assigned", body })));
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.assign",
      resourceType: "crm_contact",
      resourceId: changed.length === 1 ? String(changed[0]!.id) : null,
      newData: { contacts: changed.map((c) => c.id), ownerId },
    });
    if (owner && owner.id !== staff.id) {
      const one = changed.length === 1 ? changed[0]! : null;
      await notifyStaff(tx, {
        userId: owner.id,
        priority: "medium",
        subject: one ? `${displayName(one)} is yours now` : `${changed.length} customers are yours now`,
        message: one
          ? `${staff.name} gave you the record of ${displayName(one)} (${one.email}).`
          : `${staff.name} gave you ${changed.length} customer records: ${changed.slice(0, 5).map(displayName).join(", ")}${changed.length > 5 ? " and more" : ""}.`,
        actionRequired: "Read their timeline and get in touch within one working day.",
        link: one ? `/staff/crm/${one.id}` : `/staff/crm?owner=me`,
        actionLabel: one ? "Open the record" : "Open your records",
      });
    }
    return succeed({ changed: changed.length, ownerName: owner?.name ?? null });
  });
}
