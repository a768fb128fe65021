import { publicNameOf } from "@domain/privacy/deletion-requests";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { intakeState, seatsLeft } from "@domain/academy/academy";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { ratingSummary, studentCounts, withCourseFigures } from "./course-stats";
import { assignments, courseIntakes, courseModules, courseReviews, courses, enrolments, lessons, liveSessions, quizzes } from "./schema";
import { seatsTaken } from "./seats-taken";

/**
 * Everything the course page shows (docs/product/academy.md#course-page): the course, syllabus without lesson
 * bodies, intakes still open with their seats, reviews, and the viewer's own enrolment. Null for an unknown
 * slug, or an unpublished course for anyone but staff.
 */
export async function getCoursePage(slug: string, viewer: { id: string; isStaff: boolean } | null) {
  const db = getDb();
  const r = ratingSummary();
  const s = studentCounts();
  const [course] = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      summary: courses.summary,
      description: courses.description,
      category: courses.category,
      level: courses.level,
      durationWeeks: courses.durationWeeks,
      hoursPerWeek: courses.hoursPerWeek,
      priceKobo: courses.priceKobo,
      imagePath: courses.imagePath,
      instructorName: courses.instructorName,
      instructorTitle: courses.instructorTitle,
      instructorBio: courses.instructorBio,
      outcomes: courses.outcomes,
      passMarkPct: courses.passMarkPct,
      status: courses.status,
      updatedAt: courses.updatedAt,
      rating: r.rating,
      reviewCount: r.reviewCount,
      students: s.students,
    })
    .from(courses)
    .leftJoin(r, eq(r.courseId, courses.id))
    .leftJoin(s, eq(s.courseId, courses.id))
    .where(eq(courses.slug, slug));
  if (!course || (course.status !== "published" && !viewer?.isStaff)) return null;

  const [modules, lessonRows, intakeRows, reviews, [counts], enrolment] = await Promise.all([
    db
      .select({ id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        slug: lessons.slug,
        title: lessons.title,
        durationMinutes: lessons.durationMinutes,
        isPreview: lessons.isPreview,
        hasVideo: sql<boolean>`${lessons.videoPath} is not null`,
        hasQuiz: sql<boolean>`${quizzes.id} is not null`,
      })
      .from(lessons)
      .leftJoin(quizzes, eq(quizzes.lessonId, lessons.id))
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(lessons.position), asc(lessons.id)),
    db
      .select()
      .from(courseIntakes)
      .where(and(eq(courseIntakes.courseId, course.id), gt(courseIntakes.enrolmentClosesAt, sql`now()`)))
      .orderBy(asc(courseIntakes.enrolmentClosesAt)),
    db
      .select({
        id: courseReviews.id,
        rating: courseReviews.rating,
        body: courseReviews.body,
        createdAt: courseReviews.createdAt,
        name: users.name,
      })
      .from(courseReviews)
      .innerJoin(users, eq(users.id, courseReviews.userId))
      .where(eq(courseReviews.courseId, course.id))
      .orderBy(desc(courseReviews.createdAt))
      .limit(10),
    db
      .select({ assignments: sql<number>`count(*)::int` })
      .from(assignments)
      .where(eq(assignments.courseId, course.id)),
    viewer
      ? db
          .select({ id: enrolments.id, status: enrolments.status, progressPct: enrolments.progressPct, intakeId: enrolments.intakeId })
          .from(enrolments)
          .where(and(eq(enrolments.userId, viewer.id), eq(enrolments.courseId, course.id), ne(enrolments.status, "cancelled")))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
  ]);

  const sessions = intakeRows.length
    ? await db
        .select()
        .from(liveSessions)
        .where(
          inArray(
            liveSessions.intakeId,
            intakeRows.map((i) => i.id),
          ),
        )
        .orderBy(asc(liveSessions.startsAt))
    : [];
  const intakes = await Promise.all(
    intakeRows.map(async (i) => {
      const taken = await seatsTaken(db, i.id);
      return {
        id: i.id,
        startsAt: i.startsAt,
        enrolmentClosesAt: i.enrolmentClosesAt,
        capacity: i.capacity,
        seatsLeft: seatsLeft(i.capacity, taken),
        state: intakeState(i, taken),
        liveSessions: sessions.filter((x) => x.intakeId === i.id),
      };
    }),
  );

  return {
    course: withCourseFigures(course),
    modules: modules.map((m) => ({ ...m, lessons: lessonRows.filter((l) => l.moduleId === m.id) })),
    lessonCount: lessonRows.length,
    quizCount: lessonRows.filter((l) => l.hasQuiz).length,
    assignmentCount: counts?.assignments ?? 0,
    totalMinutes: lessonRows.reduce((n, l) => n + l.durationMinutes, 0),
    firstPreview: lessonRows.find((l) => l.isPreview) ?? null,
    intakes,
    // An erased student's review stays, as "A customer" (docs/product/privacy-requests.md).
    reviews: reviews.map((r) => ({ ...r, name: publicNameOf(r.name) })),
    enrolment,
  };
}

export type TCoursePage = NonNullable<Awaited<ReturnType<typeof getCoursePage>>>;
