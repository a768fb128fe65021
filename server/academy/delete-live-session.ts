import type { TViewer } from "@domain/access/roles";
import { succeed, type TResult } from "@domain/errors/app-error";
import { deleteCourseItem } from "./delete-course-item";
import { liveSessions } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function deleteLiveSession(actor: TViewer, { sessionId }: { sessionId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const deleted = await deleteCourseItem(tx, actor, {
      table: liveSessions,
      id: sessionId,
      gone: "That live session no longer exists.",
      audit: { action: "academy.live_session.delete", resourceType: "live_session" },
    });
    return deleted.ok ? succeed({ message: `Live session "${deleted.row.title}" was deleted` }) : deleted;
  });
}
