import { and, eq, isNull } from "drizzle-orm";
import { submissionStatus, type TSubmissionStatus } from "@domain/academy/academy";
import type { TSubmitAssignment } from "@domain/academy/assignment-input";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { findAssignmentAccess } from "./find-assignment-for-viewer";
import { recordActivity } from "./record-activity";
import { submissions } from "./schema";
import { checkSubmissionFile, removeSubmissionFile, storeSubmissionFile, type TCheckedFile } from "./submission-files";

export const GRADED_REFUSAL = "This assignment has been graded; it can no longer be changed.";

/**
 * A student hands in an assignment (docs/product/academy.md#assignments): text, a file checked by its content, or
 * both. It replaces the previous submission until that one is graded; after the due date it is accepted and
 * marked late. Only the student's own live enrolment counts; anything refused stores nothing.
 */
export async function submitAssignment(
  student: TViewer,
  input: TSubmitAssignment & { courseSlug: string; file: File | null },
  now: Date = new Date(),
): Promise<TResult<{ status: TSubmissionStatus; late: boolean }>> {
  const ref = { courseSlug: input.courseSlug, assignmentId: input.assignmentId };
  const before = await findAssignmentAccess(getDb(), student, ref);
  if (!before.ok) return before;
  if (!before.enrolment) return refuse("forbidden", `Only students of ${before.course.title} hand in this assignment`);
  const upload = input.file && input.file.size > 0 ? input.file : null;
  const NOTHING = "Write your answer or attach a file";
  if (!input.text && !upload && !input.keepFile) return refuse("invalid_input", NOTHING, { field: "text" });

  let checked: TCheckedFile | null = null;
  if (upload) {
    const result = await checkSubmissionFile(upload);
    if (!result.ok) return result;
    checked = result;
  }
  // The file is written before the transaction (no disk work while the database is locked) and removed again if
  // the submission is refused after all.
  const filePath = checked ? await storeSubmissionFile(checked) : null;
  try {
    const outcome = await inTransaction(async (tx) => {
      const access = await findAssignmentAccess(tx, student, ref);
      if (!access.ok) return access;
      const { enrolment, assignment, course, dueAt } = access;
      if (!enrolment || !dueAt) return refuse("forbidden", `Only students of ${course.title} hand in this assignment`);
      const [previous] = await tx
        .select({
          id: submissions.id,
          filePath: submissions.filePath,
          fileName: submissions.fileName,
          fileType: submissions.fileType,
          fileBytes: submissions.fileBytes,
          gradedAt: submissions.gradedAt,
        })
        .from(submissions)
        .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.enrolmentId, enrolment.id)))
        .for("update");
      if (previous?.gradedAt) return refuse("conflict", GRADED_REFUSAL);
      const late = now.getTime() > dueAt.getTime();
      const kept = !checked && input.keepFile && previous?.filePath ? previous : null;
      const file = checked
        ? { filePath, fileName: checked.name, fileType: checked.contentType, fileBytes: checked.bytes.length }
        : kept
          ? { filePath: kept.filePath, fileName: kept.fileName, fileType: kept.fileType, fileBytes: kept.fileBytes }
          : { filePath: null, fileName: null, fileType: null, fileBytes: null };
      if (!input.text && !file.filePath) return refuse("invalid_input", NOTHING, { field: "text" });
      const work = { text: input.text, ...file, submittedAt: now, late };
      const [saved] = await tx
        .insert(submissions)
        .values({ assignmentId: assignment.id, enrolmentId: enrolment.id, ...work })
        .onConflictDoUpdate({
          target: [submissions.assignmentId, submissions.enrolmentId],
          set: work,
          setWhere: isNull(submissions.gradedAt),
        })
        .returning({ late: submissions.late, gradedAt: submissions.gradedAt });
      if (!saved) return refuse("conflict", GRADED_REFUSAL);
      await recordActivity(tx, {
        userId: enrolment.userId,
        courseId: course.id,
        type: "assignment_submitted",
        title: `${previous ? "Resubmitted" : "Submitted"} “${assignment.title}”`,
        description: late ? `${course.title} · after the due date` : course.title,
      });
      return succeed({ late: saved.late, status: submissionStatus(saved), replacedFile: kept ? null : (previous?.filePath ?? null) });
    });
    if (!outcome.ok) {
      await removeSubmissionFile(filePath);
      return outcome;
    }
    await removeSubmissionFile(outcome.replacedFile);
    return succeed({ status: outcome.status, late: outcome.late });
  } catch (error) {
    await removeSubmissionFile(filePath);
    throw error;
  }
}
