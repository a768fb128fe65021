import { and, eq, max, sql } from "drizzle-orm";
import type { TCompletionFacts } from "@domain/academy/academy";
import type { DbOrTx } from "../db/client";
import { assignments, lessonCompletions, lessons, quizAttempts, quizzes, submissions } from "./schema";

/** What an enrolment has done towards its certificate (docs/product/academy.md#certificates). */
export async function completionFacts(tx: DbOrTx, enrolment: { id: number; courseId: number }): Promise<TCompletionFacts> {
  // One after another: tx is often a transaction, whose one connection runs one statement at a time.
  const [lessonRow] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(lessons)
    .where(eq(lessons.courseId, enrolment.courseId));
  const [doneRow] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(lessonCompletions)
    .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
    .where(and(eq(lessonCompletions.enrolmentId, enrolment.id), eq(lessons.courseId, enrolment.courseId)));
  const quizRows = await tx
    .select({ quizId: quizzes.id, passMarkPct: quizzes.passMarkPct, bestPct: max(quizAttempts.scorePct) })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .leftJoin(quizAttempts, and(eq(quizAttempts.quizId, quizzes.id), eq(quizAttempts.enrolmentId, enrolment.id)))
    .where(eq(lessons.courseId, enrolment.courseId))
    .groupBy(quizzes.id, quizzes.passMarkPct);
  const assignmentRows = await tx
    .select({ score: submissions.score, maxScore: assignments.maxScore, passScore: assignments.passScore })
    .from(assignments)
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.enrolmentId, enrolment.id)))
    .where(eq(assignments.courseId, enrolment.courseId));
  return {
    lessons: lessonRow?.n ?? 0,
    completedLessons: doneRow?.n ?? 0,
    quizzes: quizRows.map((q) => ({ bestPct: q.bestPct, passed: q.bestPct !== null && q.bestPct >= q.passMarkPct })),
    assignments: assignmentRows.map((a) => ({ score: a.score, maxScore: a.maxScore, passScore: a.passScore })),
  };
}
