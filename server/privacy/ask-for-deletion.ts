import { and, count, eq, gte } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { isConfirmWord, type TAskDeletion } from "@domain/privacy/deletion-request-input";
import {
  DELETION_CONFIRM_WORD,
  deletionDueAt,
  formatDeletionRequestNumber,
  MAX_DELETION_REQUESTS_PER_30_DAYS,
} from "@domain/privacy/deletion-requests";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { recordAudit } from "../audit/record-audit";
import { checkPassword, hasPassword } from "../auth/check-password";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { deletionRequestedEmail } from "../messaging/privacy-emails";
import { zavchargeBalanceOf } from "../zavcharge/forget-driver";
import { notifyTeamOfRequest } from "./notify-team-of-request";
import { deletionRequests } from "./schema";

const STAFF_REFUSAL =
  "Staff and administrator accounts cannot be deleted from this page. Ask an administrator to change your role to customer first.";

/**
 * A person asks us to delete their account (docs/product/privacy-requests.md#asking): customers only, the password again
 * (or the typed word for an account without one), one open request at a time, three in 30 days. Recorded with its due
 * day, audited, acknowledged by e-mail, and announced to staff, in one transaction.
 */
export async function askForDeletion(
  viewer: TViewer,
  input: TAskDeletion,
  asker: { ip: string },
): Promise<TResult<{ requestId: number; reference: string; dueAt: Date }>> {
  if (viewer.role !== "customer") return refuse("forbidden", STAFF_REFUSAL);
  const db = getDb();
  const [open] = await db
    .select({ dueAt: deletionRequests.dueAt })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, viewer.id), eq(deletionRequests.status, "open")));
  if (open)
    return refuse("conflict", `You have already asked us to delete your account: we will do it by ${formatLagosDateLong(open.dueAt)}.`);
  const [recent] = await db
    .select({ n: count() })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, viewer.id), gte(deletionRequests.requestedAt, new Date(Date.now() - 30 * 86_400_000))));
  if ((recent?.n ?? 0) >= MAX_DELETION_REQUESTS_PER_30_DAYS)
    return refuse(
      "rate_limited",
      "You have asked three times in the last 30 days. Please wait, or write to privacy@zavolah.ng and we will help.",
    );

  if (await hasPassword(viewer.id)) {
    const checked = await checkPassword({ email: viewer.email, ip: asker.ip }, viewer.id, input.password);
    if (!checked.ok) return checked;
  } else if (!isConfirmWord(input.confirmWord)) {
    return refuse("invalid_input", `Type ${DELETION_CONFIRM_WORD} to confirm`, { field: "confirmWord" });
  }
  const balance = await zavchargeBalanceOf(db, viewer.id);
  if (balance > 0 && !input.forfeitBalance)
    return refuse(
      "invalid_input",
      `Your ZavCharge wallet holds ${formatKobo(balance)}. Tick the box to give it up, or spend it or ask for it back first.`,
      { field: "forfeitBalance" },
    );

  const requestedAt = new Date();
  const dueAt = deletionDueAt(requestedAt);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(deletionRequests)
        .values({ userId: viewer.id, requestedAt, dueAt, forfeitsZavchargeBalance: balance > 0 && input.forfeitBalance })
        .returning({ id: deletionRequests.id });
      const reference = formatDeletionRequestNumber(row!.id);
      await recordAudit(tx, {
        actorId: viewer.id,
        action: "privacy.deletion.request",
        resourceType: "deletion_request",
        resourceId: String(row!.id),
        newData: { status: "open", dueAt: dueAt.toISOString(), forfeitsZavchargeBalance: balance > 0 && input.forfeitBalance },
      });
      await enqueueEmail(
        tx,
        "privacy-deletion-requested",
        { email: viewer.email, name: viewer.name },
        deletionRequestedEmail({ name: viewer.name, reference, requestedAt, dueAt }, publicUrl()),
      );
      await notifyTeamOfRequest(tx, { id: row!.id, dueAt }, "new");
      return row!.id;
    });
    return succeed({ requestId: id, reference: formatDeletionRequestNumber(id), dueAt });
  } catch (error) {
    // Two asks at once: the one-open-request index lets one through.
    if (isUniqueViolation(error)) return refuse("conflict", "You have already asked us to delete your account.");
    throw error;
  }
}
