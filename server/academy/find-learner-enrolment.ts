import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { enrolments } from "./schema";

/** The viewer's live (not cancelled) enrolment in a course, or null. */
export async function findLearnerEnrolment(db: DbOrTx, userId: string, courseId: number) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId), ne(enrolments.status, "cancelled")));
  return row ?? null;
}
