import { and, asc, count, eq, max } from "drizzle-orm";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { courseOutline } from "./course-outline";
import { findLearnerEnrolment } from "./find-learner-enrolment";
import { courses, enrolments, lessonCompletions, lessonResources, lessons, quizAttempts, quizQuestions, quizzes } from "./schema";

export type TLessonViewer = { id: string; isStaff: boolean } | null;

/**
 * A lesson as its page shows it (docs/product/academy.md#lessons-and-progress). Preview lessons are open to
 * anyone; the others only to the course's enrolled students and to staff: anyone else is refused (the page sends
 * them to the course). Opening a lesson remembers it on the enrolment, for "Continue".
 */
export async function getLesson(slug: string, lessonSlug: string, viewer: TLessonViewer) {
  const db = getDb();
  const [row] = await db
    .select({ course: courses, lesson: lessons })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(courses.slug, slug), eq(lessons.slug, lessonSlug)));
  if (!row || (row.course.status !== "published" && !viewer?.isStaff)) return refuse("not_found", "This lesson does not exist.");
  const { course, lesson } = row;
  const enrolment = viewer ? await findLearnerEnrolment(db, viewer.id, course.id) : null;
  if (!lesson.isPreview && !enrolment && !viewer?.isStaff)
    return refuse(viewer ? "forbidden" : "unauthenticated", `Enrol in ${course.title} to open this lesson.`);

  const [outline, resources, quiz, completion, best] = await Promise.all([
    courseOutline(db, course.id),
    db.select().from(lessonResources).where(eq(lessonResources.lessonId, lesson.id)).orderBy(asc(lessonResources.id)),
    db
      .select({ id: quizzes.id, passMarkPct: quizzes.passMarkPct, maxAttempts: quizzes.maxAttempts })
      .from(quizzes)
      .where(eq(quizzes.lessonId, lesson.id))
      .then((r) => r[0] ?? null),
    enrolment
      ? db
          .select({ at: lessonCompletions.completedAt })
          .from(lessonCompletions)
          .where(and(eq(lessonCompletions.enrolmentId, enrolment.id), eq(lessonCompletions.lessonId, lesson.id)))
          .then((r) => r[0]?.at ?? null)
      : Promise.resolve(null),
    enrolment
      ? db
          .select({ best: max(quizAttempts.scorePct), quizId: quizAttempts.quizId })
          .from(quizAttempts)
          .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
          .where(and(eq(quizAttempts.enrolmentId, enrolment.id), eq(quizzes.lessonId, lesson.id)))
          .groupBy(quizAttempts.quizId)
          .then((r) => r[0]?.best ?? null)
      : Promise.resolve(null),
  ]);
  const questions = quiz
    ? await db
        .select({ id: quizQuestions.id, prompt: quizQuestions.prompt, options: quizQuestions.options })
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, quiz.id))
        .orderBy(asc(quizQuestions.position))
    : [];
  const attempts = quiz && enrolment ? await countAttempts(enrolment.id, quiz.id) : 0;
  const at = outline.findIndex((l) => l.id === lesson.id);
  if (enrolment && enrolment.status === "active" && enrolment.lastLessonId !== lesson.id)
    await db.update(enrolments).set({ lastLessonId: lesson.id }).where(eq(enrolments.id, enrolment.id));

  return succeed({
    course: { id: course.id, slug: course.slug, title: course.title },
    lesson: {
      id: lesson.id,
      slug: lesson.slug,
      title: lesson.title,
      body: lesson.body,
      durationMinutes: lesson.durationMinutes,
      isPreview: lesson.isPreview,
      hasVideo: lesson.videoPath !== null,
      hasLowVideo: lesson.videoLowPath !== null,
      posterPath: lesson.posterPath,
      moduleTitle: outline[at]?.moduleTitle ?? "",
    },
    position: { index: at + 1, total: outline.length },
    previous: at > 0 ? outline[at - 1]! : null,
    next: at >= 0 && at < outline.length - 1 ? outline[at + 1]! : null,
    resources: resources.map((r) => ({ id: r.id, title: r.title, contentType: r.contentType, bytes: r.bytes })),
    quiz: quiz ? { ...quiz, questions, attempts, bestPct: best, passed: best !== null && best >= quiz.passMarkPct } : null,
    enrolment: enrolment
      ? { id: enrolment.id, progressPct: enrolment.progressPct, status: enrolment.status, completedAt: completion }
      : null,
  });
}

async function countAttempts(enrolmentId: number, quizId: number): Promise<number> {
  const [r] = await getDb()
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.enrolmentId, enrolmentId), eq(quizAttempts.quizId, quizId)));
  return r?.n ?? 0;
}

export type TLessonPage = Extract<Awaited<ReturnType<typeof getLesson>>, { ok: true }>;
