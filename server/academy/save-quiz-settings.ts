import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TQuizSettings } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { lessons, quizzes } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Sets a lesson quiz's pass mark and attempt limit, making the quiz if the lesson has none. */
export async function saveQuizSettings(
  actor: TViewer,
  { lessonId, passMarkPct, maxAttempts }: TQuizSettings,
): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [lesson] = await tx.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    await tx
      .insert(quizzes)
      .values({ lessonId, passMarkPct, maxAttempts })
      .onConflictDoUpdate({ target: quizzes.lessonId, set: { passMarkPct, maxAttempts } });
    return succeed({ message: `Quiz of "${lesson.title}": pass mark ${passMarkPct} %, ${maxAttempts ?? "unlimited"} attempts` });
  });
}
