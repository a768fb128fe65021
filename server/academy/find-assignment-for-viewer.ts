import { and, eq, ne } from "drizzle-orm";
import { assignmentDueAt } from "@domain/academy/academy";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb, type DbOrTx } from "../db/client";
import { assignments, courseIntakes, courses, enrolments, submissions } from "./schema";

export type TAssignmentAccess = {
  course: { id: number; slug: string; title: string };
  assignment: { id: number; title: string; instructions: string; maxScore: number; passScore: number; dueDaysAfterStart: number };
  /** The viewer's live enrolment in the course, or null for staff looking on. */
  enrolment: { id: number; userId: string; intakeStartsAt: Date } | null;
  /** Null for staff looking on: the date depends on the intake. */
  dueAt: Date | null;
};

/**
 * An assignment of a course, as this viewer may see it: a student with a live (not cancelled) enrolment in the
 * course, or staff and admins read-only. Unknown course or assignment: 404; anyone else: 403.
 */
export async function findAssignmentAccess(
  tx: DbOrTx,
  viewer: TViewer,
  ref: { courseSlug: string; assignmentId: number },
): Promise<TResult<TAssignmentAccess>> {
  const [found] = await tx
    .select({
      course: { id: courses.id, slug: courses.slug, title: courses.title, status: courses.status },
      assignment: {
        id: assignments.id,
        title: assignments.title,
        instructions: assignments.instructions,
        maxScore: assignments.maxScore,
        passScore: assignments.passScore,
        dueDaysAfterStart: assignments.dueDaysAfterStart,
      },
    })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(and(eq(assignments.id, ref.assignmentId), eq(courses.slug, ref.courseSlug)));
  const staff = hasRoleLevel(viewer.role, "staff");
  if (!found || (found.course.status === "draft" && !staff)) return refuse("not_found", "This assignment does not exist");
  const [enrolment] = await tx
    .select({ id: enrolments.id, userId: enrolments.userId, intakeStartsAt: courseIntakes.startsAt })
    .from(enrolments)
    .innerJoin(courseIntakes, eq(courseIntakes.id, enrolments.intakeId))
    .where(and(eq(enrolments.userId, viewer.id), eq(enrolments.courseId, found.course.id), ne(enrolments.status, "cancelled")));
  if (!enrolment && !staff) return refuse("forbidden", `This assignment is for students of ${found.course.title}`);
  const { status: _status, ...course } = found.course;
  return succeed({
    course,
    assignment: found.assignment,
    enrolment: enrolment ?? null,
    dueAt: enrolment ? assignmentDueAt(enrolment.intakeStartsAt, found.assignment.dueDaysAfterStart) : null,
  });
}

/** What a student handed in, as they and the grader see it: the file by its name and size, its path stays here. */
export const HANDED_IN_COLUMNS = {
  id: submissions.id,
  text: submissions.text,
  fileName: submissions.fileName,
  fileBytes: submissions.fileBytes,
  submittedAt: submissions.submittedAt,
  late: submissions.late,
};

/** The assignment page (docs/product/academy.md#assignments): the assignment, its due date and the viewer's submission. */
export async function findAssignmentForViewer(viewer: TViewer, ref: { courseSlug: string; assignmentId: number }) {
  const access = await findAssignmentAccess(getDb(), viewer, ref);
  if (!access.ok) return access;
  const [submission] = access.enrolment
    ? await getDb()
        .select({
          ...HANDED_IN_COLUMNS,
          score: submissions.score,
          feedback: submissions.feedback,
          gradedAt: submissions.gradedAt,
        })
        .from(submissions)
        .where(and(eq(submissions.assignmentId, access.assignment.id), eq(submissions.enrolmentId, access.enrolment.id)))
    : [];
  const { enrolment, ...rest } = access;
  return succeed({ ...rest, readOnly: !enrolment, submission: submission ?? null });
}
