import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { courseModules, lessons, quizzes } from "./schema";

/** A course's lessons in reading order (module, then lesson position), with their module and whether they have a quiz. */
export async function courseOutline(db: DbOrTx, courseId: number) {
  return db
    .select({
      id: lessons.id,
      slug: lessons.slug,
      title: lessons.title,
      durationMinutes: lessons.durationMinutes,
      isPreview: lessons.isPreview,
      moduleId: courseModules.id,
      moduleTitle: courseModules.title,
      hasQuiz: sql<boolean>`${quizzes.id} is not null`,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .leftJoin(quizzes, eq(quizzes.lessonId, lessons.id))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id));
}
