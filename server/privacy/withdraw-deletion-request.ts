import { and, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatDeletionRequestNumber } from "@domain/privacy/deletion-requests";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { deletionWithdrawnEmail } from "../messaging/privacy-emails";
import { deletionRequests } from "./schema";

/** The person takes their open request back (docs/product/privacy-requests.md#asking); only their own, only while open. */
export async function withdrawDeletionRequest(viewer: TViewer, requestId: number): Promise<TResult<{ reference: string }>> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: deletionRequests.id, status: deletionRequests.status })
      .from(deletionRequests)
      .where(and(eq(deletionRequests.id, requestId), eq(deletionRequests.userId, viewer.id)))
      .for("update");
    if (!row) return refuse("not_found", "That request does not exist");
    const reference = formatDeletionRequestNumber(row.id);
    if (row.status !== "open") return refuse("conflict", `Request ${reference} is no longer open: it cannot be withdrawn.`);
    await tx.update(deletionRequests).set({ status: "withdrawn", withdrawnAt: new Date() }).where(eq(deletionRequests.id, row.id));
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "privacy.deletion.withdraw",
      resourceType: "deletion_request",
      resourceId: String(row.id),
      oldData: { status: "open" },
      newData: { status: "withdrawn" },
    });
    await enqueueEmail(
      tx,
      "privacy-deletion-withdrawn",
      { email: viewer.email, name: viewer.name },
      deletionWithdrawnEmail({ name: viewer.name, reference }, publicUrl()),
    );
    return succeed({ reference });
  });
}
