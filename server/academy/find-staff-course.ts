import { asc, desc, eq, inArray } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import {
  assignments,
  courseIntakes,
  courseModules,
  courses,
  enrolments,
  lessonResources,
  lessons,
  liveSessions,
  quizQuestions,
  quizzes,
} from "./schema";

/** A course with everything staff edit on its page, or null when there is no such course. */
export async function findStaffCourse(courseId: number) {
  const db = getDb();
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const [modules, lessonRows, intakes, assignmentRows, students] = await Promise.all([
    db.select().from(courseModules).where(eq(courseModules.courseId, courseId)).orderBy(asc(courseModules.position)),
    db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position)),
    db.select().from(courseIntakes).where(eq(courseIntakes.courseId, courseId)).orderBy(asc(courseIntakes.startsAt)),
    db.select().from(assignments).where(eq(assignments.courseId, courseId)).orderBy(asc(assignments.dueDaysAfterStart)),
    db
      .select({
        id: enrolments.id,
        name: users.name,
        email: users.email,
        status: enrolments.status,
        progressPct: enrolments.progressPct,
        intakeId: enrolments.intakeId,
        enrolledAt: enrolments.enrolledAt,
      })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(eq(enrolments.courseId, courseId))
      .orderBy(desc(enrolments.enrolledAt)),
  ]);
  const lessonIds = lessonRows.map((l) => l.id);
  const intakeIds = intakes.map((i) => i.id);
  const [resources, quizRows, sessions] = await Promise.all([
    lessonIds.length
      ? db.select().from(lessonResources).where(inArray(lessonResources.lessonId, lessonIds)).orderBy(asc(lessonResources.id))
      : [],
    lessonIds.length ? db.select().from(quizzes).where(inArray(quizzes.lessonId, lessonIds)) : [],
    intakeIds.length
      ? db.select().from(liveSessions).where(inArray(liveSessions.intakeId, intakeIds)).orderBy(asc(liveSessions.startsAt))
      : [],
  ]);
  const quizIds = quizRows.map((q) => q.id);
  const questions = quizIds.length
    ? await db.select().from(quizQuestions).where(inArray(quizQuestions.quizId, quizIds)).orderBy(asc(quizQuestions.position))
    : [];
  return {
    course,
    modules: modules.map((m) => ({
      ...m,
      lessons: lessonRows
        .filter((l) => l.moduleId === m.id)
        .map((l) => {
          const quiz = quizRows.find((q) => q.lessonId === l.id);
          return {
            ...l,
            resources: resources.filter((r) => r.lessonId === l.id),
            quiz: quiz ? { ...quiz, questions: questions.filter((q) => q.quizId === quiz.id) } : null,
          };
        }),
    })),
    intakes: intakes.map((i) => ({
      ...i,
      sessions: sessions.filter((s) => s.intakeId === i.id),
      students: students.filter((s) => s.intakeId === i.id && s.status !== "cancelled").length,
    })),
    assignments: assignmentRows,
    students,
  };
}
export type TStaffCourse = NonNullable<Awaited<ReturnType<typeof findStaffCourse>>>;
