import { eq } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { DELETION_REQUEST_STATUSES, formatDeletionRequestNumber, type TDeletionRequestStatus } from "@domain/privacy/deletion-requests";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { deletionDeclinedEmail } from "../messaging/privacy-emails";
import { deletionRequests } from "./schema";

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
    const [request] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, input.requestId)).for("update");
    if (!request) return refuse("not_found", "That request does not exist");
    const reference = formatDeletionRequestNumber(request.id);
    if (request.status !== "open")
      return refuse(
        "conflict",
        `Request ${reference} is already ${DELETION_REQUEST_STATUSES[request.status as TDeletionRequestStatus].toLowerCase()}.`,
      );
    if (request.userId === staff.id) return refuse("forbidden", "Nobody decides their own deletion request.");
    const [person] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, request.userId));
    await tx
      .update(deletionRequests)
      .set({ status: "declined", decidedById: staff.id, decidedAt: new Date(), declineReason: input.reason })
      .where(eq(deletionRequests.id, request.id));
    await recordAudit(tx, {
      actorId: staff.id,
      action: "privacy.deletion.decline",
      resourceType: "deletion_request",
      resourceId: String(request.id),
      oldData: { status: "open" },
      newData: { status: "declined", reason: input.reason },
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
