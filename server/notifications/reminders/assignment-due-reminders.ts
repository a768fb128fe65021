import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { assignmentDueAt, assignmentHref } from "@domain/academy/academy";
import { formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { assignments, courseIntakes, courses, enrolments, submissions } from "../../academy/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { remindOnce } from "./remind-once";

const HOUR_MS = 3_600_000;
const WINDOW_MS = 24 * HOUR_MS;

/**
 * Assignment due (docs/product/academy.md#reminders): every hour, each assignment due within the next 24 hours
 * (the intake's start plus the assignment's days), to the intake's active students who have not handed it in.
 * Sent once per student and assignment; the "Course Deadlines" switch turns it off.
 */
export const assignmentDueReminders: TJob = {
  name: "assignment-due-reminders",
  label: "Assignment due reminders",
  description: "Reminds students of assignments due within 24 hours that they have not handed in.",
  periodSeconds: 3600,
  async run({ startedAt }) {
    const dueAt = sql`${courseIntakes.startsAt} + make_interval(days => ${assignments.dueDaysAfterStart})`;
    const due = await getDb()
      .select({
        userId: enrolments.userId,
        intakeId: courseIntakes.id,
        intakeStartsAt: courseIntakes.startsAt,
        assignment: { id: assignments.id, title: assignments.title, dueDaysAfterStart: assignments.dueDaysAfterStart },
        course: { slug: courses.slug, title: courses.title },
      })
      .from(assignments)
      .innerJoin(courses, eq(courses.id, assignments.courseId))
      .innerJoin(courseIntakes, eq(courseIntakes.courseId, assignments.courseId))
      .innerJoin(enrolments, and(eq(enrolments.intakeId, courseIntakes.id), eq(enrolments.status, "active")))
      .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.enrolmentId, enrolments.id)))
      .where(and(isNull(submissions.id), gt(dueAt, startedAt), lte(dueAt, new Date(startedAt.getTime() + WINDOW_MS))));
    await remindOnce(
      due.map((row) => {
        const when = formatLagosDateTimeLong(assignmentDueAt(row.intakeStartsAt, row.assignment.dueDaysAfterStart));
        return {
          userId: row.userId,
          kind: "assignment_due",
          itemKey: `${row.assignment.id}@${row.intakeId}`,
          notification: {
            type: "course" as const,
            preference: "courseReminders" as const,
            title: "Assignment due soon",
            message: `“${row.assignment.title}” for ${row.course.title} is due on ${when}. Hand it in on the assignment page.`,
            priority: "high" as const,
            emailSubject: `Due ${when}: ${row.assignment.title}`,
            link: assignmentHref(row.course.slug, row.assignment.id),
            metadata: { courseName: row.course.title, assignmentId: row.assignment.id },
          },
        };
      }),
    );
  },
};
