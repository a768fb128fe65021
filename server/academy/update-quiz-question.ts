import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TQuizQuestionEdit } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { quizQuestions } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** Editing a quiz question (2 to 6 options, one correct); attempts already marked keep their scores. */
export async function updateQuizQuestion(
  actor: TViewer,
  { questionId, prompt, options, correctOption }: TQuizQuestionEdit,
): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  // The form counts options from 1; the table stores the index.
  const [row] = await getDb()
    .update(quizQuestions)
    .set({ prompt, options, correctOption: correctOption - 1 })
    .where(eq(quizQuestions.id, questionId))
    .returning({ id: quizQuestions.id });
  if (!row) return refuse("not_found", "That question no longer exists.");
  bumpContentVersion();
  return succeed({ message: "Question saved" });
}
