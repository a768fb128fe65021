import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { courseOutline } from "./course-outline";
import { listLearnerAssignments } from "./list-learner-assignments";
import { certificates, courseIntakes, courses, enrolments, learningActivities, lessonCompletions, liveSessions } from "./schema";

/** The student dashboard (docs/product/academy.md): courses with progress, deadlines, assignments, certificates and recent activity. */
export async function getStudentDashboard(userId: string) {
  const db = getDb();
  const mine = await db
    .select({
      enrolmentId: enrolments.id,
      status: enrolments.status,
      progressPct: enrolments.progressPct,
      lastLessonId: enrolments.lastLessonId,
      intakeId: enrolments.intakeId,
      startsAt: courseIntakes.startsAt,
      courseId: courses.id,
      slug: courses.slug,
      title: courses.title,
      imagePath: courses.imagePath,
      instructorName: courses.instructorName,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(courseIntakes, eq(courseIntakes.id, enrolments.intakeId))
    .where(and(eq(enrolments.userId, userId), ne(enrolments.status, "cancelled")))
    .orderBy(desc(enrolments.enrolledAt));

  const intakeIds = [...new Set(mine.map((m) => m.intakeId))];
  const [assignmentList, sessions, certs, activity, done] = await Promise.all([
    listLearnerAssignments(db, userId),
    intakeIds.length
      ? db
          .select({
            id: liveSessions.id,
            title: liveSessions.title,
            startsAt: liveSessions.startsAt,
            place: liveSessions.place,
            courseTitle: courses.title,
            courseSlug: courses.slug,
          })
          .from(liveSessions)
          .innerJoin(courseIntakes, eq(courseIntakes.id, liveSessions.intakeId))
          .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
          .where(and(inArray(liveSessions.intakeId, intakeIds), gt(liveSessions.startsAt, sql`now()`)))
          .orderBy(asc(liveSessions.startsAt))
      : Promise.resolve([]),
    db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt)),
    db
      .select({
        id: learningActivities.id,
        type: learningActivities.type,
        title: learningActivities.title,
        description: learningActivities.description,
        createdAt: learningActivities.createdAt,
      })
      .from(learningActivities)
      .where(eq(learningActivities.userId, userId))
      .orderBy(desc(learningActivities.createdAt), desc(learningActivities.id))
      .limit(8),
    mine.length
      ? db
          .select({ enrolmentId: lessonCompletions.enrolmentId, lessonId: lessonCompletions.lessonId })
          .from(lessonCompletions)
          .where(
            inArray(
              lessonCompletions.enrolmentId,
              mine.map((m) => m.enrolmentId),
            ),
          )
      : Promise.resolve([]),
  ]);

  const courseCards = await Promise.all(
    mine.map(async (m) => {
      const outline = await courseOutline(db, m.courseId);
      const completed = new Set(done.filter((d) => d.enrolmentId === m.enrolmentId).map((d) => d.lessonId));
      const next =
        outline.find((l) => l.id === m.lastLessonId && !completed.has(l.id)) ?? outline.find((l) => !completed.has(l.id)) ?? null;
      return {
        slug: m.slug,
        title: m.title,
        imagePath: m.imagePath,
        instructorName: m.instructorName,
        status: m.status,
        progressPct: m.progressPct,
        startsAt: m.startsAt,
        lessons: outline.length,
        completedLessons: completed.size,
        continueHref: next ? `/academy/${m.slug}/lessons/${next.slug}` : `/academy/${m.slug}/learn`,
        nextLessonTitle: next?.title ?? null,
      };
    }),
  );
  const now = Date.now();
  const deadlines = [
    ...assignmentList
      .filter((a) => a.status === "not_submitted" && a.dueAt.getTime() > now)
      .map((a) => ({
        kind: "assignment" as const,
        title: a.title,
        courseTitle: a.courseTitle,
        at: a.dueAt,
        href: `/academy/${a.courseSlug}/assignments/${a.id}`,
      })),
    ...sessions.map((s) => ({
      kind: "live" as const,
      title: s.title,
      courseTitle: s.courseTitle,
      at: s.startsAt,
      href: `/academy/${s.courseSlug}/learn`,
      place: s.place,
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(0, 6);
  return {
    courses: courseCards,
    deadlines,
    assignments: assignmentList,
    certificates: certs.map((c) => ({
      code: c.code,
      courseTitle: c.courseTitle,
      grade: c.grade,
      scorePct: c.scorePct,
      issuedAt: c.issuedAt,
      revokedAt: c.revokedAt,
    })),
    activity,
  };
}
