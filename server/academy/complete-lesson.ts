import { and, count, eq } from "drizzle-orm";
import { progressPct } from "@domain/academy/academy";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { findLearnerEnrolment } from "./find-learner-enrolment";
import { issueCertificateIfEarned } from "./issue-certificate-if-earned";
import { recordActivity } from "./record-activity";
import { courses, enrolments, lessonCompletions, lessons } from "./schema";

/**
 * "Mark complete" (docs/product/academy.md#lessons-and-progress): records the lesson once, stores the new
 * progress on the enrolment and, when that finishes the course, issues the certificate, in one transaction.
 */
export async function completeLesson(
  userId: string,
  slug: string,
  lessonSlug: string,
): Promise<TResult<{ progressPct: number; certificateCode: string | null; alreadyDone: boolean }>> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ courseId: courses.id, courseTitle: courses.title, lessonId: lessons.id, lessonTitle: lessons.title })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(courses.slug, slug), eq(lessons.slug, lessonSlug)));
    if (!row) return refuse("not_found", "This lesson does not exist.");
    const enrolment = await findLearnerEnrolment(tx, userId, row.courseId);
    if (!enrolment) return refuse("forbidden", `Enrol in ${row.courseTitle} to record your progress.`);
    const [fresh] = await tx
      .insert(lessonCompletions)
      .values({ enrolmentId: enrolment.id, lessonId: row.lessonId })
      .onConflictDoNothing()
      .returning({ lessonId: lessonCompletions.lessonId });
    const [done] = await tx
      .select({ n: count() })
      .from(lessonCompletions)
      .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
      .where(and(eq(lessonCompletions.enrolmentId, enrolment.id), eq(lessons.courseId, row.courseId)));
    const [all] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, row.courseId));
    const pct = progressPct(done?.n ?? 0, all?.n ?? 0);
    let certificateCode: string | null = null;
    if (fresh) {
      await tx.update(enrolments).set({ progressPct: pct }).where(eq(enrolments.id, enrolment.id));
      await recordActivity(tx, {
        userId,
        courseId: row.courseId,
        type: "lesson_completed",
        title: `Completed “${row.lessonTitle}”`,
        description: row.courseTitle,
      });
      certificateCode = (await issueCertificateIfEarned(tx, enrolment.id))?.code ?? null;
    }
    return succeed({ progressPct: pct, certificateCode, alreadyDone: !fresh });
  });
}
