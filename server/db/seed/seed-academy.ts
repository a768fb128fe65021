import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import { progressPct } from "@domain/academy/academy";
import {
  assignments,
  courseIntakes,
  courseModules,
  courseReviews,
  courses,
  enrolments,
  learningActivities,
  lessonCompletions,
  lessons,
  liveSessions,
  quizQuestions,
  quizzes,
} from "../../academy/schema";
import { users } from "../../auth/schema";
import { userCapabilities } from "../../users/schema";
import { getDb, type Tx } from "../client";
import { DEMO_ACADEMY, DEMO_LEARNERS, DEMO_REVIEWS, type TSeedCourse } from "./academy-data";

const DAY_MS = 86_400_000;

/** Midnight-ish Lagos times: a day from now at the given Lagos hour (UTC+1). */
function lagosDay(inDays: number, lagosHour: number): Date {
  const d = new Date(Date.now() + inDays * DAY_MS);
  d.setUTCHours(lagosHour - 1, 0, 0, 0);
  return d;
}

/**
 * Idempotent: adds the demo courses whose slug is free, with modules, lessons, quizzes, assignments and intakes
 * (dated from today, so deadlines stay ahead), past students with reviews, and the demo student's enrolments.
 */
export async function seedAcademy(demoStudentEmail: string) {
  const db = getDb();
  await db.transaction(async (tx) => {
    const learnerIds = await seedLearners(tx);
    const existing = new Set(
      (
        await tx
          .select({ slug: courses.slug })
          .from(courses)
          .where(
            inArray(
              courses.slug,
              DEMO_ACADEMY.map((c) => c.slug),
            ),
          )
      ).map((r) => r.slug),
    );
    for (const [i, course] of DEMO_ACADEMY.entries()) {
      if (existing.has(course.slug)) continue;
      await seedCourse(tx, course, DEMO_ACADEMY.length - i, learnerIds);
    }
    const [student] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demoStudentEmail));
    if (student && existing.size === 0) await seedStudentProgress(tx, student.id);
  });
}

async function seedLearners(tx: Tx): Promise<string[]> {
  await tx
    .insert(users)
    .values(DEMO_LEARNERS.map((l) => ({ id: randomUUID(), email: l.email, name: l.name, emailVerified: true })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LEARNERS.map((l) => l.email),
      ),
    );
  return DEMO_LEARNERS.map((l) => rows.find((r) => r.email === l.email)!.id);
}

async function seedCourse(tx: Tx, c: TSeedCourse, daysAgo: number, learnerIds: string[]) {
  const publishedAt = new Date(Date.now() - daysAgo * 7 * DAY_MS);
  const [course] = await tx
    .insert(courses)
    .values({
      slug: c.slug,
      title: c.title,
      summary: c.summary,
      description: c.description,
      category: c.category,
      level: c.level,
      durationWeeks: c.durationWeeks,
      hoursPerWeek: c.hoursPerWeek,
      priceKobo: c.priceKobo,
      imagePath: `/images/academy/${c.category}.svg`,
      instructorName: c.instructorName,
      instructorTitle: c.instructorTitle,
      instructorBio: c.instructorBio,
      outcomes: c.outcomes,
      status: "published",
      publishedAt,
      createdAt: publishedAt,
    })
    .returning({ id: courses.id });
  const courseId = course!.id;

  for (const [m, mod] of c.modules.entries()) {
    const [row] = await tx.insert(courseModules).values({ courseId, position: m, title: mod.title }).returning({ id: courseModules.id });
    for (const [p, l] of mod.lessons.entries()) {
      const [lessonRow] = await tx
        .insert(lessons)
        .values({
          courseId,
          moduleId: row!.id,
          position: p,
          slug: l.slug,
          title: l.title,
          durationMinutes: l.minutes,
          body: l.body,
          videoPath: l.video ? `/videos/${l.video}.mp4` : null,
          videoLowPath: l.video ? `/videos/${l.video}.webm` : null,
          posterPath: l.video ? `/videos/${l.video}-poster.webp` : null,
          isPreview: l.preview ?? false,
        })
        .returning({ id: lessons.id });
      if (l.quiz) {
        const [quiz] = await tx
          .insert(quizzes)
          .values({ lessonId: lessonRow!.id, passMarkPct: l.quiz.passMarkPct, maxAttempts: l.quiz.maxAttempts })
          .returning({ id: quizzes.id });
        await tx.insert(quizQuestions).values(
          l.quiz.questions.map((q, position) => ({
            quizId: quiz!.id,
            position,
            prompt: q.prompt,
            options: q.options,
            correctOption: q.correct,
          })),
        );
      }
    }
  }
  if (c.assignments.length > 0) await tx.insert(assignments).values(c.assignments.map((a) => ({ ...a, courseId })));

  for (const intake of c.intakes) {
    const [row] = await tx
      .insert(courseIntakes)
      .values({
        courseId,
        startsAt: lagosDay(intake.startsInDays, 9),
        enrolmentClosesAt: lagosDay(intake.closesInDays, 23),
        capacity: intake.capacity,
      })
      .returning({ id: courseIntakes.id });
    for (const s of intake.live ?? [])
      await tx
        .insert(liveSessions)
        .values({ intakeId: row!.id, title: s.title, startsAt: lagosDay(s.inDays, s.hour), durationMinutes: 120, place: s.place });
  }

  // Past students: an earlier intake they completed, and their reviews.
  const reviews = DEMO_REVIEWS.filter((r) => r.course === c.slug);
  if (reviews.length === 0) return;
  const [past] = await tx
    .insert(courseIntakes)
    .values({ courseId, startsAt: lagosDay(-90, 9), enrolmentClosesAt: lagosDay(-95, 23), capacity: null })
    .returning({ id: courseIntakes.id });
  for (const r of reviews) {
    const userId = learnerIds[r.learner]!;
    await tx.insert(enrolments).values({
      userId,
      courseId,
      intakeId: past!.id,
      status: "completed",
      progressPct: 100,
      enrolledAt: lagosDay(-100, 10),
      completedAt: lagosDay(-40, 16),
    });
    await tx.insert(userCapabilities).values({ userId, capability: "student" }).onConflictDoNothing();
    await tx.insert(courseReviews).values({ courseId, userId, rating: r.rating, body: r.body, createdAt: lagosDay(-35 + r.learner, 12) });
  }
}

/** The demo student is part-way through the installation course and has started the free one. */
async function seedStudentProgress(tx: Tx, userId: string) {
  for (const [slug, done] of [
    ["solar-installation-fundamentals", 2],
    ["solar-for-homeowners", 1],
  ] as const) {
    const [course] = await tx.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.slug, slug));
    if (!course) continue;
    // The upcoming intake (not the past students' one), so her deadlines lie ahead.
    const [intake] = await tx
      .select({ id: courseIntakes.id })
      .from(courseIntakes)
      .where(and(eq(courseIntakes.courseId, course.id), gt(courseIntakes.enrolmentClosesAt, new Date())))
      .orderBy(courseIntakes.startsAt)
      .limit(1);
    const courseLessons = await tx
      .select({ id: lessons.id, title: lessons.title, moduleId: lessons.moduleId, position: lessons.position })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(lessons.courseId, course.id))
      .orderBy(courseModules.position, lessons.position);
    const completed = courseLessons.slice(0, done);
    const [enrolment] = await tx
      .insert(enrolments)
      .values({
        userId,
        courseId: course.id,
        intakeId: intake!.id,
        progressPct: progressPct(completed.length, courseLessons.length),
        lastLessonId: courseLessons[done]?.id ?? null,
        enrolledAt: new Date(Date.now() - 3 * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: enrolments.id });
    if (!enrolment) continue;
    await tx.insert(learningActivities).values({
      userId,
      courseId: course.id,
      type: "enrolled",
      title: `Enrolled in ${course.title}`,
      createdAt: new Date(Date.now() - 3 * DAY_MS),
    });
    for (const [i, l] of completed.entries()) {
      const at = new Date(Date.now() - (2 - i * 0.5) * DAY_MS);
      await tx.insert(lessonCompletions).values({ enrolmentId: enrolment.id, lessonId: l.id, completedAt: at });
      await tx.insert(learningActivities).values({
        userId,
        courseId: course.id,
        type: "lesson_completed",
        title: `Completed “${l.title}”`,
        description: course.title,
        createdAt: at,
      });
    }
  }
  await tx.insert(userCapabilities).values({ userId, capability: "student" }).onConflictDoNothing();
}

/** For tests: a seeded course's id and its intakes, soonest deadline first. */
export async function findSeededCourse(slug: string) {
  const db = getDb();
  const [course] = await db.select().from(courses).where(eq(courses.slug, slug));
  if (!course) throw new Error(`no seeded course ${slug}`);
  const intakes = await db
    .select()
    .from(courseIntakes)
    .where(and(eq(courseIntakes.courseId, course.id)))
    .orderBy(courseIntakes.enrolmentClosesAt);
  return { course, intakes };
}
