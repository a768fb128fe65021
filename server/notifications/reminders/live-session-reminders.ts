import { and, eq, gt, lte } from "drizzle-orm";
import { formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { courseIntakes, courses, enrolments, liveSessions } from "../../academy/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { remindOnce } from "./remind-once";

const WINDOW_MS = 3_600_000;

/**
 * Live session (docs/product/academy.md#reminders): every 15 minutes, each live session starting within the next
 * hour, to its intake's active students. Sent once per student and session; the "Course Deadlines" switch turns
 * it off.
 */
export const liveSessionReminders: TJob = {
  name: "live-session-reminders",
  label: "Live session reminders",
  description: "Tells an intake's students about a live session starting within the hour.",
  periodSeconds: 15 * 60,
  async run({ startedAt }) {
    const soon = await getDb()
      .select({
        userId: enrolments.userId,
        session: { id: liveSessions.id, title: liveSessions.title, startsAt: liveSessions.startsAt, place: liveSessions.place },
        course: { slug: courses.slug, title: courses.title },
      })
      .from(liveSessions)
      .innerJoin(courseIntakes, eq(courseIntakes.id, liveSessions.intakeId))
      .innerJoin(courses, eq(courses.id, courseIntakes.courseId))
      .innerJoin(enrolments, and(eq(enrolments.intakeId, courseIntakes.id), eq(enrolments.status, "active")))
      .where(and(gt(liveSessions.startsAt, startedAt), lte(liveSessions.startsAt, new Date(startedAt.getTime() + WINDOW_MS))));
    await remindOnce(
      soon.map((row) => {
        const when = formatLagosDateTimeLong(row.session.startsAt);
        return {
          userId: row.userId,
          kind: "live_session",
          itemKey: String(row.session.id),
          notification: {
            type: "course" as const,
            preference: "courseReminders" as const,
            title: "Live session starting soon",
            message: `“${row.session.title}” (${row.course.title}) starts on ${when}. Where: ${row.session.place}`,
            priority: "high" as const,
            emailSubject: `Starting soon: ${row.session.title}`,
            link: `/academy/${row.course.slug}/learn`,
            metadata: { courseName: row.course.title, liveSessionId: row.session.id, startsAt: row.session.startsAt.toISOString() },
          },
        };
      }),
    );
  },
};
