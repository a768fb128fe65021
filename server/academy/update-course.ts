import { and, eq, ne } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TCourseEdit } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { courseColumns } from "./create-course";
import { courses } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Staff edit a course's details; its status does not change here. */
export async function updateCourse(actor: TViewer, { courseId, ...input }: TCourseEdit): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) return refuse("not_found", "That course no longer exists.");
    const [taken] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.slug, input.slug), ne(courses.id, courseId)));
    if (taken) return refuse("conflict", `Another course already uses the slug "${input.slug}"`, { field: "slug" });
    await tx
      .update(courses)
      .set({ ...courseColumns(input), updatedAt: new Date() })
      .where(eq(courses.id, courseId));
    return succeed({ message: `${input.title} was saved` });
  });
}
