import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TLiveSessionNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { courseIntakes, liveSessions } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** A live class of an intake, typed in Lagos time, stored in UTC. */
export async function addLiveSession(actor: TViewer, { intakeId, ...input }: TLiveSessionNew): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const result = await getDb().transaction(async (tx) => {
    const [intake] = await tx.select({ id: courseIntakes.id }).from(courseIntakes).where(eq(courseIntakes.id, intakeId)).for("update");
    if (!intake) return refuse("not_found", "That intake no longer exists.");
    await tx.insert(liveSessions).values({ intakeId, ...input });
    return succeed({ message: `Live session "${input.title}" was added` });
  });
  if (result.ok) bumpContentVersion();
  return result;
}
