import { and, eq, ne } from "drizzle-orm";
import { getDb } from "../db/client";
import { enrolments } from "./schema";

/**
 * A learner's courses and how far they are in each (cancelled enrolments left out, as on the course page): a course
 * page sent from the shared cache shows "You're enrolled" from this (docs/product/site-shell.md#personal-parts).
 */
export async function listEnrolmentProgress(userId: string): Promise<{ courseId: number; progressPct: number }[]> {
  return getDb()
    .select({ courseId: enrolments.courseId, progressPct: enrolments.progressPct })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), ne(enrolments.status, "cancelled")));
}
