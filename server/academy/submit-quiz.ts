import { and, asc, count, eq } from "drizzle-orm";
import { quizScorePct } from "@domain/academy/academy";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { findLearnerEnrolment } from "./find-learner-enrolment";
import { issueCertificateIfEarned } from "./issue-certificate-if-earned";
import { recordActivity } from "./record-activity";
import { courses, lessons, quizAttempts, quizQuestions, quizzes } from "./schema";

export type TQuizOutcome = {
  scorePct: number;
  passed: boolean;
  passMarkPct: number;
  correct: number;
  questions: number;
  attemptsLeft: number | null;
  certificateCode: string | null;
};

/**
 * A quiz attempt (docs/product/academy.md#quizzes): marked here against the stored answers, never the browser's.
 * The answers must be one valid option per question of this lesson's quiz; the attempt limit is checked under
 * a lock on the quiz row, so two quick submissions cannot both use the last attempt.
 */
export async function submitQuiz(userId: string, slug: string, lessonSlug: string, answers: number[]): Promise<TResult<TQuizOutcome>> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        courseId: courses.id,
        courseTitle: courses.title,
        lessonTitle: lessons.title,
        quizId: quizzes.id,
        passMarkPct: quizzes.passMarkPct,
        maxAttempts: quizzes.maxAttempts,
      })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(courses.slug, slug), eq(lessons.slug, lessonSlug)))
      .for("update", { of: quizzes });
    if (!row) return refuse("not_found", "This lesson has no quiz.");
    const enrolment = await findLearnerEnrolment(tx, userId, row.courseId);
    if (!enrolment) return refuse("forbidden", `Enrol in ${row.courseTitle} to take this quiz.`);
    const questions = await tx
      .select({ options: quizQuestions.options, correct: quizQuestions.correctOption })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, row.quizId))
      .orderBy(asc(quizQuestions.position));
    if (answers.length !== questions.length || answers.some((a, i) => a >= questions[i]!.options.length))
      return refuse("invalid_input", "Answer every question of this quiz, choosing one of its options.");
    const [used] = await tx
      .select({ n: count() })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.enrolmentId, enrolment.id), eq(quizAttempts.quizId, row.quizId)));
    const attempts = used?.n ?? 0;
    if (row.maxAttempts !== null && attempts >= row.maxAttempts)
      return refuse("conflict", `You have used all ${row.maxAttempts} attempts at this quiz.`);

    const scorePct = quizScorePct(
      answers,
      questions.map((q) => q.correct),
    );
    const passed = scorePct >= row.passMarkPct;
    await tx.insert(quizAttempts).values({ enrolmentId: enrolment.id, quizId: row.quizId, answers, scorePct, passed });
    await recordActivity(tx, {
      userId,
      courseId: row.courseId,
      type: passed ? "quiz_passed" : "quiz_failed",
      title: `${passed ? "Passed" : "Tried"} the quiz “${row.lessonTitle}”`,
      description: `${scorePct}% (pass mark ${row.passMarkPct}%)`,
    });
    const certificateCode = passed ? ((await issueCertificateIfEarned(tx, enrolment.id))?.code ?? null) : null;
    return succeed({
      scorePct,
      passed,
      passMarkPct: row.passMarkPct,
      correct: questions.filter((q, i) => answers[i] === q.correct).length,
      questions: questions.length,
      attemptsLeft: row.maxAttempts === null ? null : row.maxAttempts - attempts - 1,
      certificateCode,
    });
  });
}
