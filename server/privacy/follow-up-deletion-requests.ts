import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { DELETION_REMINDER_DAYS, deletionDaysLeft, erasedEmailFor } from "@domain/privacy/deletion-requests";
import { getDb } from "../db/client";
import type { TJob } from "../jobs/scheduler";
import { log } from "../log";
import { forgetDeliveredMessages } from "../messaging/forget-recipient";
import { notifyTeamOfRequest } from "./notify-team-of-request";
import { deletionRequests } from "./schema";

/**
 * The hourly follow-up (docs/product/privacy-requests.md#staff): staff are reminded, once per request, when an open one
 * has 7 days or fewer left; and each "your data is deleted" e-mail loses its address and body in the outbox once it has
 * gone out (or failed for good).
 */
export async function followUpDeletionRequests(now = new Date()): Promise<{ reminded: number; cleared: number }> {
  const db = getDb();
  let reminded = 0;
  const open = await db
    .select({ id: deletionRequests.id, dueAt: deletionRequests.dueAt })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.status, "open"), isNull(deletionRequests.remindedAt)));
  for (const request of open) {
    const daysLeft = deletionDaysLeft(request.dueAt, now);
    if (daysLeft > DELETION_REMINDER_DAYS) continue;
    await db.transaction(async (tx) => {
      // Claimed first, so two instances never remind twice.
      const [claimed] = await tx
        .update(deletionRequests)
        .set({ remindedAt: now })
        .where(and(eq(deletionRequests.id, request.id), isNull(deletionRequests.remindedAt)))
        .returning({ id: deletionRequests.id });
      if (!claimed) return;
      await notifyTeamOfRequest(tx, request, "due-soon", Math.max(0, daysLeft));
      reminded++;
    });
  }
  let cleared = 0;
  const notices = await db
    .select({ id: deletionRequests.id, userId: deletionRequests.userId, noticeOutboxId: deletionRequests.noticeOutboxId })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.status, "completed"), isNotNull(deletionRequests.noticeOutboxId)));
  for (const n of notices)
    await db.transaction(async (tx) => {
      const done = await forgetDeliveredMessages(tx, [n.noticeOutboxId!], erasedEmailFor(n.userId));
      if (!done.length) return;
      await tx.update(deletionRequests).set({ noticeOutboxId: null }).where(eq(deletionRequests.id, n.id));
      cleared++;
    });
  if (reminded || cleared) log.info({ reminded, cleared }, "privacy: deletion requests followed up");
  return { reminded, cleared };
}

export const privacyRequestsJob: TJob = {
  name: "privacy-requests",
  label: "Deletion requests follow-up",
  description:
    "Every hour, reminds staff of deletion requests due within 7 days (once each) and clears the outbox copy of each “your data is deleted” e-mail once it has gone out.",
  periodSeconds: 3600,
  async run() {
    await followUpDeletionRequests();
  },
};
