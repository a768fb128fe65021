import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { CRM_STATUS_LABEL, type TCrmStatus } from "@domain/crm/crm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { refreshCrmStatuses } from "./gather-contacts";
import { crmActivities, crmContacts } from "./schema";

/** Marks a record inactive, or active again (docs/product/crm.md#status); the status then follows crmStatusOf. */
export async function setCrmContactInactive(
  staff: TViewer,
  input: { contactId: number; inactive: boolean },
): Promise<TResult<{ status: TCrmStatus }>> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select({ status: crmContacts.status }).from(crmContacts).where(eq(crmContacts.id, input.contactId));
    if (!before) return refuse("not_found", "That record does not exist");
    await tx
      .update(crmContacts)
      .set({ markedInactiveAt: input.inactive ? new Date() : null, updatedAt: new Date() })
      .where(eq(crmContacts.id, input.contactId));
    await refreshCrmStatuses(tx, [input.contactId]);
    const [after] = await tx.select({ status: crmContacts.status }).from(crmContacts).where(eq(crmContacts.id, input.contactId));
    const status = after!.status as TCrmStatus;
    if (status !== before.status) {
      await tx.insert(crmActivities).values({
        contactId: input.contactId,
        authorId: staff.id,
        kind: "status",
        body: `Status: ${CRM_STATUS_LABEL[before.status as TCrmStatus]} → ${CRM_STATUS_LABEL[status]}`,
      });
      await recordAudit(tx, {
        actorId: staff.id,
        action: "crm.status",
        resourceType: "crm_contact",
        resourceId: String(input.contactId),
        oldData: { status: before.status },
        newData: { status },
      });
    }
    return succeed({ status });
  });
}
