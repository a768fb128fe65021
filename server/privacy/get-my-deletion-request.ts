import { and, desc, eq, ne } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { deletionDaysLeft, formatDeletionRequestNumber, type TMyDeletionRequest } from "@domain/privacy/deletion-requests";
import { hasPassword } from "../auth/check-password";
import { getDb } from "../db/client";
import { zavchargeBalanceOf } from "../zavcharge/forget-driver";
import { findErasureHolds } from "./find-erasure-holds";
import { deletionRequests } from "./schema";

/** The "Delete my account" section of /account (docs/product/privacy-requests.md#asking). */
export async function getMyDeletionRequest(viewer: TViewer): Promise<TMyDeletionRequest> {
  const db = getDb();
  const [open] = await db
    .select()
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, viewer.id), eq(deletionRequests.status, "open")));
  const [last] = await db
    .select()
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, viewer.id), ne(deletionRequests.status, "open")))
    .orderBy(desc(deletionRequests.requestedAt), desc(deletionRequests.id))
    .limit(1);
  const canAsk = viewer.role === "customer";
  return {
    canAsk,
    needsPassword: canAsk && !open ? await hasPassword(viewer.id) : true,
    zavchargeBalanceKobo: canAsk && !open ? await zavchargeBalanceOf(db, viewer.id) : 0,
    open: open
      ? {
          id: open.id,
          reference: formatDeletionRequestNumber(open.id),
          requestedAt: open.requestedAt,
          dueAt: open.dueAt,
          daysLeft: deletionDaysLeft(open.dueAt),
          holds: await findErasureHolds(viewer.id, open.forfeitsZavchargeBalance, db),
        }
      : null,
    last:
      last && last.status !== "completed"
        ? {
            reference: formatDeletionRequestNumber(last.id),
            status: last.status as "withdrawn" | "declined",
            at: last.decidedAt ?? last.withdrawnAt,
            reason: last.declineReason,
          }
        : null,
  };
}
