import type { DbOrTx } from "../db/client";
import { learningActivities } from "./schema";

export const ACTIVITY_TYPES = [
  "enrolled",
  "lesson_completed",
  "quiz_passed",
  "quiz_failed",
  "assignment_submitted",
  "assignment_graded",
  "certificate_issued",
  "certificate_revoked",
  "enrolment_cancelled",
] as const;
export type TActivityType = (typeof ACTIVITY_TYPES)[number];

/** One line of the student's timeline (docs/product/academy.md), written in the transaction of what it records. */
export async function recordActivity(
  tx: DbOrTx,
  a: { userId: string; courseId: number; type: TActivityType; title: string; description?: string | null },
) {
  await tx.insert(learningActivities).values({ ...a, description: a.description ?? null });
}
