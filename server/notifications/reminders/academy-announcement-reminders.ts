import { and, desc, eq, gt } from "drizzle-orm";
import { courses } from "../../academy/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { announcePublished, publishedSince } from "./announce-published";

const PERIOD_SECONDS = 6 * 3600;
const MAX_COURSES = 10;

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
    const fresh = await getDb()
      .select({ id: courses.id, slug: courses.slug, title: courses.title, summary: courses.summary, publishedAt: courses.publishedAt })
      .from(courses)
      .where(
        and(eq(courses.status, "published"), gt(courses.publishedAt, publishedSince(state.lastCourseCheck, startedAt, PERIOD_SECONDS))),
      )
      .orderBy(desc(courses.publishedAt))
      .limit(MAX_COURSES);
    await announcePublished(fresh, (course) => ({
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
    }));
    return { lastCourseCheck: startedAt.toISOString() };
  },
};
