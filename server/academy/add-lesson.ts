import { and, eq, max } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TLessonNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { courseModules, lessons } from "./schema";
import { changeCourseContent } from "./staff-only";

/** A new lesson at the end of a module; its slug must be unused in the course. */
export async function addLesson(
  actor: TViewer,
  { moduleId, ...input }: TLessonNew,
): Promise<TResult<{ lessonId: number; message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [mod] = await tx.select().from(courseModules).where(eq(courseModules.id, moduleId)).for("update");
    if (!mod) return refuse("not_found", "That module no longer exists.");
    const [taken] = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, mod.courseId), eq(lessons.slug, input.slug)));
    if (taken) return refuse("conflict", `Another lesson of this course already uses the slug "${input.slug}"`, { field: "slug" });
    const [last] = await tx
      .select({ p: max(lessons.position) })
      .from(lessons)
      .where(eq(lessons.moduleId, moduleId));
    const [row] = await tx
      .insert(lessons)
      .values({ ...input, courseId: mod.courseId, moduleId, position: (last?.p ?? 0) + 1 })
      .returning({ id: lessons.id });
    return succeed({ lessonId: row!.id, message: `Lesson "${input.title}" was added` });
  });
}
