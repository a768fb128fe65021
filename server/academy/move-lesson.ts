import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TMove } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { lessons } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Swaps a lesson with the one above or below it in its module. */
export async function moveLesson(actor: TViewer, { id, direction }: TMove): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [lesson] = await tx
      .select({ id: lessons.id, moduleId: lessons.moduleId, position: lessons.position, title: lessons.title })
      .from(lessons)
      .where(eq(lessons.id, id))
      .for("update");
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    const up = direction === "up";
    const [other] = await tx
      .select({ id: lessons.id, position: lessons.position })
      .from(lessons)
      .where(and(eq(lessons.moduleId, lesson.moduleId), up ? lt(lessons.position, lesson.position) : gt(lessons.position, lesson.position)))
      .orderBy(up ? desc(lessons.position) : asc(lessons.position))
      .limit(1)
      .for("update");
    if (!other) return refuse("conflict", `"${lesson.title}" is already the ${up ? "first" : "last"} lesson of its module.`);
    await tx.update(lessons).set({ position: other.position }).where(eq(lessons.id, lesson.id));
    await tx.update(lessons).set({ position: lesson.position }).where(eq(lessons.id, other.id));
    return succeed({ message: `"${lesson.title}" moved ${direction}` });
  });
}
