import { z } from "zod";
import { MAX_SUBMISSION_BYTES, submissionStatus } from "@domain/academy/academy";
import { ZSubmitAssignment } from "@domain/academy/assignment-input";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { refuse, type TFailure } from "@domain/errors/app-error";
import { parseAddressId } from "@domain/http/outside-text";
import { certificatePdfFor } from "../../academy/certificate-pdf";
import { findAssignmentForViewer } from "../../academy/find-assignment-for-viewer";
import { getStudentDashboard } from "../../academy/get-student-dashboard";
import { submitAssignment } from "../../academy/submit-assignment";
import { pdfAnswer, pdfDownload, userOperation, type TApiOperation } from "./api-operation";

// A student's coursework through the API (docs/product/api-gateway.md#academy): their assignments, one assignment with
// their submission, handing one in with a file, and their certificate's PDF. The pages' use cases and rules; another
// person's assignment or certificate is not found (404), never "forbidden", so nobody learns it exists.

/** Room for the written answer and the form's other fields on top of the largest file, as the assignment page has. */
export const MAX_SUBMISSION_FORM_BYTES = MAX_SUBMISSION_BYTES + 1024 * 1024;

const ZAssignmentLine = z.object({
  id: z.number().int(),
  title: z.string(),
  courseSlug: z.string(),
  courseTitle: z.string(),
  maxScore: z.number().int(),
  dueAt: z.string(),
  status: z.string().describe("not_submitted, submitted, late or graded"),
  score: z.number().int().nullable(),
});
const ZAssignments = z.object({ items: z.array(ZAssignmentLine) }).meta({ id: "Assignments" });

const ZAssignment = z
  .object({
    course: z.object({ slug: z.string(), title: z.string() }),
    assignment: z.object({
      id: z.number().int(),
      title: z.string(),
      instructions: z.string(),
      maxScore: z.number().int(),
      passScore: z.number().int(),
    }),
    dueAt: z.string().nullable(),
    readOnly: z.boolean(),
    status: z.string(),
    submission: z
      .object({
        text: z.string().nullable(),
        fileName: z.string().nullable(),
        fileBytes: z.number().int().nullable(),
        submittedAt: z.string(),
        late: z.boolean(),
        score: z.number().int().nullable(),
        feedback: z.string().nullable(),
        gradedAt: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "Assignment" });

const ZHandedIn = z.object({ status: z.string(), late: z.boolean() }).meta({ id: "HandedIn" });

/** The form's text fields; the file is the `file` part, checked by its content by the use case. */
const ZSubmissionForm = z.object({
  text: ZSubmitAssignment.shape.text,
  keepFile: z.enum(["1", "0"]).optional().describe("1: without a new file, keep the file already handed in"),
});

const iso = (d: Date | string) => new Date(d).toISOString();
/** Not a student of the course: to the API, the assignment is not there (docs/product/api-gateway.md#the-contract). */
const hidden = (failure: TFailure): TFailure =>
  failure.error.code === "forbidden" ? refuse("not_found", "This assignment does not exist") : failure;

export const courseworkOperations: TApiOperation[] = [
  userOperation({
    method: "GET",
    path: "/assignments",
    operationId: "listAssignments",
    summary: "Your assignments over your courses, due date soonest first, with their status and score",
    tag: "Academy",
    success: { status: 200, schema: ZAssignments, description: "Your assignments" },
    refusals: [],
    example: {},
    async handle({ caller }) {
      const { assignments } = await getStudentDashboard(caller.viewer.id);
      return {
        status: 200,
        body: {
          items: assignments.map((a) => ({
            id: a.id,
            title: a.title,
            courseSlug: a.courseSlug,
            courseTitle: a.courseTitle,
            maxScore: a.maxScore,
            dueAt: iso(a.dueAt),
            status: a.status,
            score: a.score,
          })),
        },
      };
    },
  }),
  userOperation({
    method: "GET",
    path: "/courses/{slug}/assignments/{assignmentId}",
    operationId: "getAssignment",
    summary: "One of your assignments with its instructions, due date and your submission (its grade and feedback once graded)",
    tag: "Academy",
    success: { status: 200, schema: ZAssignment, description: "The assignment" },
    refusals: [404],
    async handle({ caller, params }) {
      const assignmentId = parseAddressId(params.assignmentId);
      if (!assignmentId) return refuse("not_found", "This assignment does not exist");
      const found = await findAssignmentForViewer(caller.viewer, { courseSlug: params.slug ?? "", assignmentId });
      if (!found.ok) return hidden(found);
      const { course, assignment, dueAt, submission, readOnly } = found;
      return {
        status: 200,
        body: {
          course: { slug: course.slug, title: course.title },
          assignment: {
            id: assignment.id,
            title: assignment.title,
            instructions: assignment.instructions,
            maxScore: assignment.maxScore,
            passScore: assignment.passScore,
          },
          dueAt: dueAt ? iso(dueAt) : null,
          readOnly,
          status: submissionStatus(submission),
          submission: submission
            ? {
                text: submission.text,
                fileName: submission.fileName,
                fileBytes: submission.fileBytes,
                submittedAt: iso(submission.submittedAt),
                late: submission.late,
                score: submission.gradedAt ? submission.score : null,
                feedback: submission.gradedAt ? submission.feedback : null,
                gradedAt: submission.gradedAt ? iso(submission.gradedAt) : null,
              }
            : null,
        },
      };
    },
  }),
  userOperation({
    method: "POST",
    path: "/courses/{slug}/assignments/{assignmentId}/submission",
    operationId: "submitAssignment",
    summary:
      "Hand in an assignment as multipart/form-data (not JSON): `text`, a `file` (PDF, PNG, JPEG, WebP, DOCX or ZIP, checked by content, 10 MB at most) or both; it replaces your submission until it is graded",
    tag: "Academy",
    body: ZSubmissionForm,
    form: { maxBytes: MAX_SUBMISSION_FORM_BYTES, files: { file: "The file handed in; its name's extension must agree with its content" } },
    success: { status: 200, schema: ZHandedIn, description: "Handed in (late after the due date); staff see it in their grading queue" },
    refusals: [404, 409],
    async handle({ caller, params, body, files, now }) {
      const assignmentId = parseAddressId(params.assignmentId);
      if (!assignmentId) return refuse("not_found", "This assignment does not exist");
      const file = files.get("file") ?? null;
      const handedIn = await submitAssignment(
        caller.viewer,
        { assignmentId, text: body.text, keepFile: body.keepFile === "1", courseSlug: params.slug ?? "", file },
        now,
      );
      if (!handedIn.ok) return hidden(handedIn);
      return { status: 200, body: { status: handedIn.status, late: handedIn.late } };
    },
  }),
  userOperation({
    method: "GET",
    path: "/certificates/{code}/pdf",
    operationId: "getCertificatePdf",
    summary: "Your certificate as a PDF (a download, not JSON); a revoked certificate has none (409)",
    tag: "Academy",
    success: pdfDownload("The certificate, a one-page PDF"),
    refusals: [404, 409],
    async handle({ caller, params }) {
      const answer = await certificatePdfFor(caller.viewer, params.code ?? "");
      if (answer.kind === "not_found") return refuse("not_found", "Certificate not found");
      if (answer.kind === "revoked")
        return refuse(
          "conflict",
          `This certificate was revoked on ${formatLagosDateLong(answer.revokedAt)}${answer.reason ? `: ${answer.reason}` : ""}. Its PDF is no longer available.`,
        );
      return pdfAnswer(answer.bytes, answer.filename);
    },
  }),
];
