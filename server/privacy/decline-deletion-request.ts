import { eq } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { deletionDeclinedEmail } from "../messaging/privacy-emails";
import { lockOpenDeletionRequest, recordDeletionDecision } from "./deletion-decision";

/**
 * Staff decline a request where the law lets us keep the data for now (docs/product/privacy-requests.md#declining): the
 * reason goes to the person by e-mail, the account stays as it is, and they may ask again once it is settled.
 */
export async function declineDeletionRequest(
  staff: TViewer,
  input: { requestId: number; reason: string },
): Promise<TResult<{ reference: string }>> {
  if (!hasRoleLevel(staff.role, "staff")) return refuse("forbidden", "Only staff can decline deletion requests.");
  return getDb().transaction(async (tx) => {
    const open = await lockOpenDeletionRequest(tx, input.requestId);
    if (!open.ok) return open;
    const { request, reference } = open;
    if (request.userId === staff.id) return refuse("forbidden", "Nobody decides their own deletion request.");
    const [person] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, request.userId));
    await recordDeletionDecision(tx, staff, request.id, {
      status: "declined",
      columns: { declineReason: input.reason },
      action: "privacy.deletion.decline",
      audited: { reason: input.reason },
    });
    if (person)
      await enqueueEmail(
        tx,
        "privacy-deletion-declined",
        person,
        deletionDeclinedEmail({ name: person.name, reference, reason: input.reason }, publicUrl()),
      );
    return succeed({ reference });
  });
}
