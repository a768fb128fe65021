import { z } from "zod";

// What the enrol and lesson forms post (docs/product/academy.md).

export const ZIntakeChoice = z.object({
  // A database id: past 2^31 - 1 it is no intake (and the database would refuse it as a 500).
  intakeId: z.coerce.number({ message: "Choose an intake." }).int().positive("Choose an intake.").max(2_147_483_647, "Choose an intake."),
});

/** One chosen option per question, in question order. */
export const ZQuizAnswers = z.object({
  answers: z.array(z.coerce.number().int().min(0).max(9)).min(1, "Answer every question.").max(50),
});
