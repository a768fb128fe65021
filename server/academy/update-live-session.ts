import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TLiveSessionEdit } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { liveSessions } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** Editing a live class of an intake: title, start (Lagos time), length and place. */
export async function updateLiveSession(actor: TViewer, { sessionId, ...input }: TLiveSessionEdit): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const [row] = await getDb().update(liveSessions).set(input).where(eq(liveSessions.id, sessionId)).returning({ id: liveSessions.id });
  if (!row) return refuse("not_found", "That live session no longer exists.");
  bumpContentVersion();
  return succeed({ message: `Live session "${input.title}" was saved` });
}
