import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { quizQuestions } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function deleteQuizQuestion(actor: TViewer, { questionId }: { questionId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [row] = await tx.delete(quizQuestions).where(eq(quizQuestions.id, questionId)).returning();
    if (!row) return refuse("not_found", "That question no longer exists.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.quiz_question.delete",
      resourceType: "quiz_question",
      resourceId: String(questionId),
      oldData: row,
    });
    return succeed({ message: "The question was deleted" });
  });
}
