import { durationLabel } from "@domain/academy/academy";
import { formatLagosDate } from "@domain/time/lagos-time";
import type { DbOrTx } from "../db/client";
import { publicUrl } from "../env";
import { courseEnrollmentEmail } from "../messaging/course-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { notifyUser } from "../notifications/notify-user";
import { grantCapability } from "../users/grant-capability";
import type { TEnrolableIntake } from "./find-enrolable-intake";
import { recordActivity } from "./record-activity";
import { enrolments } from "./schema";

export type TStudent = { id: string; name: string; email: string };

/**
 * Makes the enrolment and everything that comes with it (docs/product/academy.md#enrolment): the student
 * capability, the enrolment e-mail through the outbox, a notification and a learning activity, all in the
 * caller's transaction. The partial unique index (one live enrolment per student and course) makes a repeat
 * find nothing to do: `created` is false and nothing else is written.
 */
export async function enrolStudent(
  tx: DbOrTx,
  p: { student: TStudent; intake: TEnrolableIntake; orderId?: string | null },
): Promise<{ enrolmentId: number | null; created: boolean }> {
  const { student, intake } = p;
  const [row] = await tx
    .insert(enrolments)
    .values({ userId: student.id, courseId: intake.courseId, intakeId: intake.intakeId, orderId: p.orderId ?? null })
    .onConflictDoNothing()
    .returning({ id: enrolments.id });
  if (!row) return { enrolmentId: null, created: false };

  const courseLink = `/academy/${intake.slug}/learn`;
  await grantCapability(tx, student.id, "student");
  await recordActivity(tx, {
    userId: student.id,
    courseId: intake.courseId,
    type: "enrolled",
    title: `Enrolled in ${intake.title}`,
    description: `Starts ${formatLagosDate(intake.startsAt)}`,
  });
  await enqueueEmail(
    tx,
    "course_enrollment",
    { email: student.email, name: student.name },
    courseEnrollmentEmail(
      {
        studentName: student.name,
        studentEmail: student.email,
        courseName: intake.title,
        startDate: intake.startsAt,
        duration: durationLabel(intake),
        instructor: intake.instructorName,
        accessLink: `${publicUrl()}${courseLink}`,
      },
      publicUrl(),
    ),
  );
  await notifyUser(tx, {
    userId: student.id,
    type: "course",
    title: `You're enrolled in ${intake.title}`,
    message: `Your course starts on ${formatLagosDate(intake.startsAt)}. Your lessons are ready in your student dashboard.`,
    link: courseLink,
    metadata: { courseName: intake.title, date: intake.startsAt.toISOString() },
  });
  return { enrolmentId: row.id, created: true };
}
