import { and, eq, ne } from "drizzle-orm";
import { assignmentDueAt, submissionStatus } from "@domain/academy/academy";
import type { DbOrTx } from "../db/client";
import { assignments, courseIntakes, courses, enrolments, submissions } from "./schema";

/** An assignment of one of the student's enrolments with their submission (at most one per enrolment), as read. */
export type TLearnerAssignmentRow = {
  id: number;
  title: string;
  maxScore: number;
  dueDaysAfterStart: number;
  courseSlug: string;
  courseTitle: string;
  intakeStartsAt: Date;
  submission: { late: boolean; gradedAt: Date | null; score: number | null } | null;
};

/** The rows as the pages show them: due date, status and score, soonest due first. */
export function toLearnerAssignments(rows: TLearnerAssignmentRow[]) {
  return rows
    .map((r) => {
      const sub = r.submission;
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

/** A student's assignments over their live enrolments (or one course), due date soonest first (docs/product/academy.md#assignments). */
export async function listLearnerAssignments(db: DbOrTx, userId: string, courseId?: number) {
  const rows = await db
    .select({
      id: assignments.id,
      title: assignments.title,
      maxScore: assignments.maxScore,
      dueDaysAfterStart: assignments.dueDaysAfterStart,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      intakeStartsAt: courseIntakes.startsAt,
      submittedFor: submissions.enrolmentId,
      late: submissions.late,
      gradedAt: submissions.gradedAt,
      score: submissions.score,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(courseIntakes, eq(courseIntakes.id, enrolments.intakeId))
    .innerJoin(assignments, eq(assignments.courseId, courses.id))
    // One submission per assignment and enrolment (submissions_one_per_student): the join adds no rows.
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.enrolmentId, enrolments.id)))
    .where(and(eq(enrolments.userId, userId), ne(enrolments.status, "cancelled"), courseId ? eq(courses.id, courseId) : undefined));
  return toLearnerAssignments(
    rows.map(({ submittedFor, late, gradedAt, score, ...r }) => ({
      ...r,
      submission: submittedFor === null ? null : { late: late ?? false, gradedAt, score },
    })),
  );
}
