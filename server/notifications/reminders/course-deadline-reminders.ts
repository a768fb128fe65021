import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import { formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { courseIntakes, courseInterests, courses, enrolments } from "../../academy/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { remindOnce, type TReminder } from "./remind-once";

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 3;

/** Whole days left before a deadline, rounded up: 1 means a day or less. */
export const daysLeft = (deadline: Date, now: Date) => Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS);

/**
 * Course deadlines (docs/product/academy.md#reminders): every 24 h, each published course whose next intake's
 * enrolment deadline is at most 3 days away, to the people who asked to be reminded ("Remind me") and have no
 * live enrolment in it; priority high when a day or less remains. Once per person and course intake.
 */
export const courseDeadlineReminders: TJob = {
  name: "course-deadline-reminders",
  label: "Course deadline reminders",
  description: "Reminds people who asked about a course that its enrolment closes within 3 days.",
  periodSeconds: 24 * 3600,
  async run({ startedAt }) {
    const db = getDb();
    // Every intake still open, soonest deadline first: the first one seen for a course is its next intake.
    const open = await db
      .select({
        courseId: courses.id,
        slug: courses.slug,
        title: courses.title,
        intakeId: courseIntakes.id,
        closesAt: courseIntakes.enrolmentClosesAt,
      })
      .from(courseIntakes)
      .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
      .where(and(eq(courses.status, "published"), gt(courseIntakes.enrolmentClosesAt, startedAt)))
      .orderBy(asc(courseIntakes.enrolmentClosesAt), asc(courseIntakes.id));
    const next = new Map<number, (typeof open)[number]>();
    for (const intake of open) if (!next.has(intake.courseId)) next.set(intake.courseId, intake);
    const due = [...next.values()].filter((i) => daysLeft(i.closesAt, startedAt) <= WINDOW_DAYS);
    if (due.length === 0) return;

    const ids = due.map((i) => i.courseId);
    const [interested, enrolled] = await Promise.all([
      db.select().from(courseInterests).where(inArray(courseInterests.courseId, ids)),
      db
        .select({ userId: enrolments.userId, courseId: enrolments.courseId })
        .from(enrolments)
        .where(and(inArray(enrolments.courseId, ids), ne(enrolments.status, "cancelled"))),
    ]);
    const has = new Set(enrolled.map((e) => `${e.userId}:${e.courseId}`));
    const reminders: TReminder[] = [];
    for (const intake of due) {
      const days = daysLeft(intake.closesAt, startedAt);
      const when = formatLagosDateTimeLong(intake.closesAt);
      for (const person of interested) {
        if (person.courseId !== intake.courseId || has.has(`${person.userId}:${intake.courseId}`)) continue;
        reminders.push({
          userId: person.userId,
          kind: "course_deadline",
          itemKey: `${intake.courseId}:${intake.intakeId}`,
          notification: {
            type: "course_deadline",
            title: "Enrolment closing soon",
            message: `Enrolment for ${intake.title} closes on ${when}${days <= 1 ? ", within a day" : `, in ${days} days`}. Enrol now to keep your seat.`,
            priority: days <= 1 ? "high" : "medium",
            emailSubject: `Enrolment for ${intake.title} closes on ${when}`,
            link: `/academy/${intake.slug}`,
            metadata: {
              courseId: intake.courseId,
              intakeId: intake.intakeId,
              courseName: intake.title,
              deadline: intake.closesAt.toISOString(),
            },
          },
        });
      }
    }
    await remindOnce(reminders);
  },
};
