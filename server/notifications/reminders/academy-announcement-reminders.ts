import { and, desc, eq, gt } from "drizzle-orm";
import { users } from "../../auth/schema";
import { courses } from "../../academy/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { remindOnce, type TReminder } from "./remind-once";

const PERIOD_SECONDS = 6 * 3600;
const MAX_COURSES = 10;
// As for blog posts: look a little before the last check, and let reminder_log keep the overlap from sending twice.
const OVERLAP_MS = 10 * 60_000;

/**
 * New courses (docs/product/academy.md#reminders): every 6 h, up to 10 courses published since the last check, to
 * everyone who allows academy announcements (notifyUser checks the switch). The first run looks back one period.
 */
export const academyAnnouncementReminders: TJob = {
  name: "academy-announcement-reminders",
  label: "Academy announcements",
  description: "Tells users about newly published courses (up to 10 a run).",
  periodSeconds: PERIOD_SECONDS,
  async run({ state, startedAt }) {
    const mark =
      typeof state.lastCourseCheck === "string" ? new Date(state.lastCourseCheck) : new Date(startedAt.getTime() - PERIOD_SECONDS * 1000);
    const fresh = await getDb()
      .select({ id: courses.id, slug: courses.slug, title: courses.title, summary: courses.summary, publishedAt: courses.publishedAt })
      .from(courses)
      .where(and(eq(courses.status, "published"), gt(courses.publishedAt, new Date(mark.getTime() - OVERLAP_MS))))
      .orderBy(desc(courses.publishedAt))
      .limit(MAX_COURSES);
    if (fresh.length > 0) {
      const people = await getDb().select({ id: users.id, joinedAt: users.createdAt }).from(users).orderBy(users.id);
      const reminders: TReminder[] = fresh.flatMap((course) =>
        // A course is news only to people who had joined when it came out.
        people
          .filter((person) => person.joinedAt <= course.publishedAt!)
          .map((person) => ({
            userId: person.id,
            kind: "academy_announcement",
            itemKey: String(course.id),
            notification: {
              type: "academy_announcement" as const,
              title: "New at Zavolah Academy",
              message: `New course: ${course.title}. ${course.summary}`,
              emailSubject: `New at Zavolah Academy: ${course.title}`,
              link: `/academy/${course.slug}`,
              metadata: { courseId: course.id, courseName: course.title },
            },
          })),
      );
      await remindOnce(reminders);
    }
    return { lastCourseCheck: startedAt.toISOString() };
  },
};
