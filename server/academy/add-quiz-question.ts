import { eq, max } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TQuizQuestionNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { lessons, quizQuestions, quizzes } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Adds a multiple-choice question (2 to 6 options, one correct) to a lesson's quiz, making the quiz if needed. */
export async function addQuizQuestion(
  actor: TViewer,
  { lessonId, prompt, options, correctOption }: TQuizQuestionNew,
): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [lesson] = await tx.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    await tx.insert(quizzes).values({ lessonId }).onConflictDoNothing({ target: quizzes.lessonId });
    const [quiz] = await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.lessonId, lessonId));
    const [last] = await tx
      .select({ p: max(quizQuestions.position) })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz!.id));
    // The form counts options from 1; the table stores the index.
    await tx
      .insert(quizQuestions)
      .values({ quizId: quiz!.id, prompt, options, correctOption: correctOption - 1, position: (last?.p ?? 0) + 1 });
    return succeed({ message: `Question added to the quiz of "${lesson.title}"` });
  });
}
