import { z } from "zod";
import { requiredText } from "../text/text-input";

// What the enrol and lesson forms post (docs/product/academy.md).

// A database id: past 2^31 - 1 it is no intake (and the database would refuse it as a 500).
const intakeId = z.coerce
  .number({ message: "Choose an intake." })
  .int()
  .positive("Choose an intake.")
  .max(2_147_483_647, "Choose an intake.");

/**
 * A free enrolment (docs/product/academy.md#enrolment): the course, and the intake chosen. The website's form always
 * chooses one; through the app it may be left out for the course's next open intake.
 */
export const ZFreeEnrolment = z.object({
  slug: requiredText(1, 200, "Choose a course.", "Choose a course."),
  intakeId: intakeId.optional(),
});
export type TFreeEnrolment = z.output<typeof ZFreeEnrolment>;

/** One chosen option per question, in question order. */
export const ZQuizAnswers = z.object({
  answers: z.array(z.coerce.number().int().min(0).max(9)).min(1, "Answer every question.").max(50),
});
