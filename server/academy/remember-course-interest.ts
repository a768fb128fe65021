import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { courseInterests, courses } from "./schema";

/**
 * "Remind me" on a course page (docs/product/academy.md#reminders): the course deadline reminder will go to this
 * person before its next enrolment deadline. Asking again changes nothing.
 */
export async function rememberCourseInterest(userId: string, courseId: number): Promise<TResult<{ courseTitle: string }>> {
  const db = getDb();
  const [course] = await db
    .select({ title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.status, "published")));
  if (!course) return refuse("not_found", "This course is not open.");
  await db.insert(courseInterests).values({ userId, courseId }).onConflictDoNothing();
  return succeed({ courseTitle: course.title });
}
