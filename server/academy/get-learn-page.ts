import { and, asc, eq, gt, sql } from "drizzle-orm";
import { missingForCertificate } from "@domain/academy/academy";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { completionFacts } from "./completion-facts";
import { courseOutline } from "./course-outline";
import { findLearnerEnrolment } from "./find-learner-enrolment";
import { listLearnerAssignments } from "./list-learner-assignments";
import { certificates, courseIntakes, courses, lessonCompletions, liveSessions } from "./schema";

/** The enrolled student's course home (/academy/:slug/learn): lessons with ticks, progress, what is next and what the certificate still needs. */
export async function getLearnPage(userId: string, slug: string) {
  const db = getDb();
  const [course] = await db.select().from(courses).where(eq(courses.slug, slug));
  if (!course) return refuse("not_found", "This course does not exist.");
  const enrolment = await findLearnerEnrolment(db, userId, course.id);
  if (!enrolment) return refuse("forbidden", `You are not enrolled in ${course.title}.`);
  const [outline, done, [intake], sessions, assignmentList, facts, [certificate]] = await Promise.all([
    courseOutline(db, course.id),
    db.select({ lessonId: lessonCompletions.lessonId }).from(lessonCompletions).where(eq(lessonCompletions.enrolmentId, enrolment.id)),
    db.select().from(courseIntakes).where(eq(courseIntakes.id, enrolment.intakeId)),
    db
      .select()
      .from(liveSessions)
      .where(and(eq(liveSessions.intakeId, enrolment.intakeId), gt(liveSessions.startsAt, sql`now() - interval '2 hours'`)))
      .orderBy(asc(liveSessions.startsAt)),
    listLearnerAssignments(db, userId, course.id),
    completionFacts(db, { id: enrolment.id, courseId: course.id }),
    db
      .select({ code: certificates.code, grade: certificates.grade, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(eq(certificates.enrolmentId, enrolment.id)),
  ]);
  const completed = new Set(done.map((d) => d.lessonId));
  const lessons = outline.map((l) => ({ ...l, completed: completed.has(l.id) }));
  const resume =
    lessons.find((l) => l.id === enrolment.lastLessonId && !l.completed) ?? lessons.find((l) => !l.completed) ?? lessons[0] ?? null;
  return succeed({
    course: { id: course.id, slug: course.slug, title: course.title, instructorName: course.instructorName },
    enrolment: { status: enrolment.status, progressPct: enrolment.progressPct, startsAt: intake?.startsAt ?? null },
    modules: [...new Map(lessons.map((l) => [l.moduleId, l.moduleTitle]))].map(([id, title]) => ({
      id,
      title,
      lessons: lessons.filter((l) => l.moduleId === id),
    })),
    resume,
    sessions,
    assignments: assignmentList,
    missing: missingForCertificate(facts),
    certificate: certificate ?? null,
  });
}
