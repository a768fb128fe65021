import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TLiveSessionNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { courseIntakes, liveSessions } from "./schema";
import { changeCourseContent } from "./staff-only";

/** A live class of an intake, typed in Lagos time, stored in UTC. */
export async function addLiveSession(actor: TViewer, { intakeId, ...input }: TLiveSessionNew): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [intake] = await tx.select({ id: courseIntakes.id }).from(courseIntakes).where(eq(courseIntakes.id, intakeId)).for("update");
    if (!intake) return refuse("not_found", "That intake no longer exists.");
    await tx.insert(liveSessions).values({ intakeId, ...input });
    return succeed({ message: `Live session "${input.title}" was added` });
  });
}
