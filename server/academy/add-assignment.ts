import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TAssignmentNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { assignments, courses } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function addAssignment(actor: TViewer, { courseId, ...input }: TAssignmentNew): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) return refuse("not_found", "That course no longer exists.");
    await tx.insert(assignments).values({ courseId, ...input });
    return succeed({ message: `Assignment "${input.title}" was added` });
  });
}
