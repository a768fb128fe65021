import { and, eq, isNull } from "drizzle-orm";
import { assignmentHref } from "@domain/academy/academy";
import type { TGradeSubmission } from "@domain/academy/assignment-input";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { users } from "../auth/schema";
import { inTransaction } from "../db/in-transaction";
import { notifyUser } from "../notifications/notify-user";
import { issueCertificateIfEarned } from "./issue-certificate-if-earned";
import { recordActivity } from "./record-activity";
import { assignments, courses, enrolments, submissions } from "./schema";

/**
 * Staff grade a submission (docs/product/academy.md#assignments): a whole score from 0 to the maximum and feedback,
 * once. The student is notified and e-mailed, and a grade that finishes the course issues the certificate, all in
 * one transaction.
 */
export async function gradeSubmission(
  grader: TViewer,
  input: TGradeSubmission,
): Promise<TResult<{ studentName: string; assignmentTitle: string; score: number; maxScore: number; certificateCode: string | null }>> {
  return inTransaction(async (tx) => {
    const [row] = await tx
      .select({
        gradedAt: submissions.gradedAt,
        enrolmentId: enrolments.id,
        enrolmentStatus: enrolments.status,
        userId: enrolments.userId,
        studentName: users.name,
        assignment: { id: assignments.id, title: assignments.title, maxScore: assignments.maxScore },
        course: { id: courses.id, slug: courses.slug, title: courses.title },
      })
      .from(submissions)
      .innerJoin(enrolments, eq(enrolments.id, submissions.enrolmentId))
      .innerJoin(users, eq(users.id, enrolments.userId))
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .innerJoin(courses, eq(courses.id, assignments.courseId))
      .where(eq(submissions.id, input.submissionId))
      .for("update", { of: submissions });
    if (!row) return refuse("not_found", "There is no such submission: it may have been removed");
    if (row.gradedAt) return refuse("conflict", `${row.studentName}'s “${row.assignment.title}” has already been graded`);
    if (row.enrolmentStatus === "cancelled") return refuse("conflict", `${row.studentName}'s enrolment was cancelled: nothing to grade`);
    if (input.score > row.assignment.maxScore)
      return refuse("invalid_input", `The score must be a whole number from 0 to ${row.assignment.maxScore}`, { field: "score" });

    const [graded] = await tx
      .update(submissions)
      .set({ score: input.score, feedback: input.feedback, gradedBy: grader.id, gradedAt: new Date() })
      .where(and(eq(submissions.id, input.submissionId), isNull(submissions.gradedAt)))
      .returning({ id: submissions.id });
    if (!graded) return refuse("conflict", `${row.studentName}'s “${row.assignment.title}” has already been graded`);
    const result = `${input.score}/${row.assignment.maxScore}`;
    await recordActivity(tx, {
      userId: row.userId,
      courseId: row.course.id,
      type: "assignment_graded",
      title: `“${row.assignment.title}” graded: ${result}`,
      description: row.course.title,
    });
    await notifyUser(tx, {
      userId: row.userId,
      type: "course",
      title: `Your assignment has been graded`,
      message: `“${row.assignment.title}” in ${row.course.title}: ${result}. Read your tutor's feedback on the assignment page.`,
      emailSubject: `Graded: ${row.assignment.title} (${result})`,
      link: assignmentHref(row.course.slug, row.assignment.id),
      metadata: { courseName: row.course.title, assignmentId: row.assignment.id },
      emailCopy: true,
    });
    const certificate = await issueCertificateIfEarned(tx, row.enrolmentId);
    return succeed({
      studentName: row.studentName,
      assignmentTitle: row.assignment.title,
      score: input.score,
      maxScore: row.assignment.maxScore,
      certificateCode: certificate?.code ?? null,
    });
  });
}
