import type { TViewer } from "@domain/access/roles";
import { succeed, type TResult } from "@domain/errors/app-error";
import { deleteCourseItem } from "./delete-course-item";
import { quizQuestions } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function deleteQuizQuestion(actor: TViewer, { questionId }: { questionId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const deleted = await deleteCourseItem(tx, actor, {
      table: quizQuestions,
      id: questionId,
      gone: "That question no longer exists.",
      audit: { action: "academy.quiz_question.delete", resourceType: "quiz_question" },
    });
    return deleted.ok ? succeed({ message: "The question was deleted" }) : deleted;
  });
}
