import { and, eq, inArray, ne } from "drizzle-orm";
import { assignmentDueAt, submissionStatus } from "@domain/academy/academy";
import type { DbOrTx } from "../db/client";
import { assignments, courseIntakes, courses, enrolments, submissions } from "./schema";

/** A student's assignments over their live enrolments (or one course), due date soonest first (docs/product/academy.md#assignments). */
export async function listLearnerAssignments(db: DbOrTx, userId: string, courseId?: number) {
  const rows = await db
    .select({
      id: assignments.id,
      title: assignments.title,
      maxScore: assignments.maxScore,
      dueDaysAfterStart: assignments.dueDaysAfterStart,
      courseId: courses.id,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      intakeStartsAt: courseIntakes.startsAt,
      enrolmentId: enrolments.id,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(courseIntakes, eq(courseIntakes.id, enrolments.intakeId))
    .innerJoin(assignments, eq(assignments.courseId, courses.id))
    .where(and(eq(enrolments.userId, userId), ne(enrolments.status, "cancelled"), courseId ? eq(courses.id, courseId) : undefined));
  const subs = rows.length
    ? await db
        .select({
          assignmentId: submissions.assignmentId,
          enrolmentId: submissions.enrolmentId,
          late: submissions.late,
          gradedAt: submissions.gradedAt,
          score: submissions.score,
        })
        .from(submissions)
        .where(inArray(submissions.enrolmentId, [...new Set(rows.map((r) => r.enrolmentId))]))
    : [];
  return rows
    .map((r) => {
      const sub = subs.find((s) => s.assignmentId === r.id && s.enrolmentId === r.enrolmentId) ?? null;
      return {
        id: r.id,
        title: r.title,
        maxScore: r.maxScore,
        courseSlug: r.courseSlug,
        courseTitle: r.courseTitle,
        dueAt: assignmentDueAt(r.intakeStartsAt, r.dueDaysAfterStart),
        status: submissionStatus(sub),
        score: sub?.gradedAt ? sub.score : null,
      };
    })
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}
