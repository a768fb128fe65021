import { eq, max } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TModuleNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { courseModules, courses } from "./schema";
import { changeCourseContent } from "./staff-only";

/** A new module at the end of a course's syllabus. */
export async function addModule(actor: TViewer, { courseId, title }: TModuleNew): Promise<TResult<{ moduleId: number; message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) return refuse("not_found", "That course no longer exists.");
    const [last] = await tx
      .select({ p: max(courseModules.position) })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId));
    const [row] = await tx
      .insert(courseModules)
      .values({ courseId, title, position: (last?.p ?? 0) + 1 })
      .returning({ id: courseModules.id });
    return succeed({ moduleId: row!.id, message: `Module "${title}" was added` });
  });
}
