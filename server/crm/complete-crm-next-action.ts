import { and, eq, isNull } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { crmNextActions } from "./schema";

/** Ticks a next action off, once: a second click finds it done already. */
export async function completeCrmNextAction(
  staff: TViewer,
  input: { contactId: number; actionId: number },
): Promise<TResult<{ title: string }>> {
  return getDb().transaction(async (tx) => {
    const [done] = await tx
      .update(crmNextActions)
      .set({ doneAt: new Date(), doneById: staff.id })
      .where(and(eq(crmNextActions.id, input.actionId), eq(crmNextActions.contactId, input.contactId), isNull(crmNextActions.doneAt)))
      .returning({ title: crmNextActions.title });
    if (!done) return refuse("conflict", "That action is done already or no longer exists");
    await recordAudit(tx, {
      actorId: staff.id,
      action: "crm.next-action-done",
      resourceType: "crm_contact",
      resourceId: String(input.contactId),
      newData: { actionId: input.actionId },
    });
    return succeed({ title: done.title });
  });
}
