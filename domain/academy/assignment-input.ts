import { z } from "zod";
import { MAX_FEEDBACK_CHARS, MAX_SUBMISSION_TEXT } from "./academy";

// Assignment submissions and grades as the server reads them (docs/product/academy.md#assignments).

const id = (what: string) =>
  z.coerce
    .number({ message: `Unknown ${what}` })
    .int({ message: `Unknown ${what}` })
    .positive({ message: `Unknown ${what}` });

/** The text part of a submission; the file is checked by its content on the server (submission-files.ts). */
export const ZSubmitAssignment = z.object({
  assignmentId: id("assignment"),
  text: z
    .string()
    .optional()
    .transform((s) => (s ?? "").replace(/\r\n/g, "\n").trim() || null)
    .refine((s) => s === null || s.length <= MAX_SUBMISSION_TEXT, {
      message: `Keep your answer to ${MAX_SUBMISSION_TEXT.toLocaleString("en-NG")} characters; attach a file for more.`,
    }),
  /** On a resubmission without a new file: keep the file already handed in. */
  keepFile: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
});
export type TSubmitAssignment = z.infer<typeof ZSubmitAssignment>;

/** A grade: a whole score (checked against the assignment's maximum by the use case) and feedback. */
export const ZGradeSubmission = z.object({
  submissionId: id("submission"),
  score: z
    .string({ message: "Enter a score" })
    .trim()
    .min(1, { message: "Enter a score" })
    .regex(/^\d+$/, { message: "The score must be a whole number" })
    .transform(Number),
  feedback: z
    .string({ message: "Write some feedback for the student" })
    .trim()
    .min(1, { message: "Write some feedback for the student" })
    .max(MAX_FEEDBACK_CHARS, { message: `Keep the feedback to ${MAX_FEEDBACK_CHARS} characters` }),
});
export type TGradeSubmission = z.infer<typeof ZGradeSubmission>;
