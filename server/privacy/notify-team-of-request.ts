import { formatDeletionRequestNumber } from "@domain/privacy/deletion-requests";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import type { DbOrTx } from "../db/client";
import { notifyStaff } from "../notifications/notify-staff";
import { listTeam } from "../users/list-team";

/**
 * Tells every member of staff and every admin about a deletion request (docs/product/privacy-requests.md#staff): in the
 * bell and by e-mail. The notice names the request, never the person, so it holds nothing to erase later.
 */
export async function notifyTeamOfRequest(
  tx: DbOrTx,
  request: { id: number; dueAt: Date },
  kind: "new" | "due-soon",
  daysLeft?: number,
): Promise<void> {
  const reference = formatDeletionRequestNumber(request.id);
  const due = formatLagosDateLong(request.dueAt);
  for (const member of await listTeam(tx))
    await notifyStaff(tx, {
      userId: member.id,
      priority: kind === "new" ? "medium" : "high",
      subject: kind === "new" ? `New data deletion request ${reference}` : `Deletion request ${reference} is due on ${due}`,
      message:
        kind === "new"
          ? `A customer asked us to delete their account and personal data (${reference}). We promised to do it by ${due}.`
          : `${reference} is still open with ${daysLeft} day${daysLeft === 1 ? "" : "s"} left: we promised to finish it by ${due}.`,
      actionRequired: "Check what holds the request, then complete or decline it.",
      link: "/staff/privacy-requests",
      actionLabel: "Open deletion requests",
    });
}
