import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { assignments, courseIntakes, courseModules, lessonResources, lessons, liveSessions, quizQuestions, quizzes } from "./schema";

export type TCourseItem = "module" | "lesson" | "resource" | "question" | "assignment" | "intake" | "session";

/**
 * The course an item of the syllabus or calendar belongs to (null: no such item), so a course's page only changes
 * its own items whatever ids a form carries.
 */
export async function courseOfItem(kind: TCourseItem, id: number): Promise<number | null> {
  const db = getDb();
  const rows = await (() => {
    switch (kind) {
      case "module":
        return db.select({ c: courseModules.courseId }).from(courseModules).where(eq(courseModules.id, id));
      case "lesson":
        return db.select({ c: lessons.courseId }).from(lessons).where(eq(lessons.id, id));
      case "resource":
        return db
          .select({ c: lessons.courseId })
          .from(lessonResources)
          .innerJoin(lessons, eq(lessons.id, lessonResources.lessonId))
          .where(eq(lessonResources.id, id));
      case "question":
        return db
          .select({ c: lessons.courseId })
          .from(quizQuestions)
          .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
          .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
          .where(eq(quizQuestions.id, id));
      case "assignment":
        return db.select({ c: assignments.courseId }).from(assignments).where(eq(assignments.id, id));
      case "intake":
        return db.select({ c: courseIntakes.courseId }).from(courseIntakes).where(eq(courseIntakes.id, id));
      case "session":
        return db
          .select({ c: courseIntakes.courseId })
          .from(liveSessions)
          .innerJoin(courseIntakes, eq(courseIntakes.id, liveSessions.intakeId))
          .where(eq(liveSessions.id, id));
    }
  })();
  return rows[0]?.c ?? null;
}
