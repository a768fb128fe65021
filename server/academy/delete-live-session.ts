import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { liveSessions } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function deleteLiveSession(actor: TViewer, { sessionId }: { sessionId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [row] = await tx.delete(liveSessions).where(eq(liveSessions.id, sessionId)).returning();
    if (!row) return refuse("not_found", "That live session no longer exists.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.live_session.delete",
      resourceType: "live_session",
      resourceId: String(sessionId),
      oldData: row,
    });
    return succeed({ message: `Live session "${row.title}" was deleted` });
  });
}
