import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { DELETION_REQUEST_STATUSES, formatDeletionRequestNumber, type TDeletionRequestStatus } from "@domain/privacy/deletion-requests";
import { recordAudit } from "../audit/record-audit";
import type { DbOrTx } from "../db/client";
import { deletionRequests } from "./schema";

// What completing and declining a deletion request share (docs/product/privacy-requests.md): only an open request is
// decided, under its row lock, and the decision is recorded with who took it, when, and an audit entry.

/** The request, locked for the caller's transaction, with its reference; refused when unknown or already decided. */
export async function lockOpenDeletionRequest(
  tx: DbOrTx,
  requestId: number,
): Promise<TResult<{ request: typeof deletionRequests.$inferSelect; reference: string }>> {
  const [request] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, requestId)).for("update");
  if (!request) return refuse("not_found", "That request does not exist");
  const reference = formatDeletionRequestNumber(request.id);
  if (request.status !== "open")
    return refuse(
      "conflict",
      `Request ${reference} is already ${DELETION_REQUEST_STATUSES[request.status as TDeletionRequestStatus].toLowerCase()}.`,
    );
  return succeed({ request, reference });
}

/** Records staff's decision on an open request (the status and what goes with it) and its audit entry. */
export async function recordDeletionDecision(
  tx: DbOrTx,
  staff: TViewer,
  requestId: number,
  decision: {
    status: "completed" | "declined";
    columns: Pick<typeof deletionRequests.$inferInsert, "outcome" | "noticeOutboxId" | "declineReason">;
    action: string;
    audited: Record<string, unknown>;
  },
): Promise<void> {
  await tx
    .update(deletionRequests)
    .set({ status: decision.status, decidedById: staff.id, decidedAt: new Date(), ...decision.columns })
    .where(eq(deletionRequests.id, requestId));
  await recordAudit(tx, {
    actorId: staff.id,
    action: decision.action,
    resourceType: "deletion_request",
    resourceId: String(requestId),
    oldData: { status: "open" },
    newData: { status: decision.status, ...decision.audited },
  });
}
