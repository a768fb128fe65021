import { and, eq, ne } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TLessonEdit } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { lessons } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function updateLesson(actor: TViewer, { lessonId, ...input }: TLessonEdit): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [lesson] = await tx.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    const [taken] = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, lesson.courseId), eq(lessons.slug, input.slug), ne(lessons.id, lessonId)));
    if (taken) return refuse("conflict", `Another lesson of this course already uses the slug "${input.slug}"`, { field: "slug" });
    await tx.update(lessons).set(input).where(eq(lessons.id, lessonId));
    return succeed({ message: `Lesson "${input.title}" was saved` });
  });
}
