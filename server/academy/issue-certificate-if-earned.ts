import { eq } from "drizzle-orm";
import { certificateGrade, completionScorePct, earnsCertificate } from "@domain/academy/academy";
import { users } from "../auth/schema";
import type { DbOrTx } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { newCertificateCode } from "./certificate-code";
import { completionFacts } from "./completion-facts";
import { recordActivity } from "./record-activity";
import { certificates, courses, enrolments } from "./schema";

/**
 * After anything that can finish a course (a lesson completed, a quiz passed, an assignment graded): when the
 * enrolment now earns its certificate, completes it and issues the certificate, once. The enrolment row is
 * locked and the certificate is unique per enrolment, so two completions at the same moment issue one.
 */
export async function issueCertificateIfEarned(tx: DbOrTx, enrolmentId: number): Promise<{ code: string } | null> {
  const [enrolment] = await tx
    .select({ id: enrolments.id, userId: enrolments.userId, courseId: enrolments.courseId, status: enrolments.status })
    .from(enrolments)
    .where(eq(enrolments.id, enrolmentId))
    .for("update");
  if (!enrolment || enrolment.status !== "active") return null;
  const facts = await completionFacts(tx, enrolment);
  if (!earnsCertificate(facts)) return null;

  const [student] = await tx.select({ name: users.name }).from(users).where(eq(users.id, enrolment.userId));
  const [course] = await tx.select({ title: courses.title, slug: courses.slug }).from(courses).where(eq(courses.id, enrolment.courseId));
  const scorePct = completionScorePct(facts);
  const grade = certificateGrade(scorePct);
  const [issued] = await tx
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      enrolmentId: enrolment.id,
      userId: enrolment.userId,
      courseId: enrolment.courseId,
      studentName: student!.name,
      courseTitle: course!.title,
      scorePct,
      grade,
    })
    .onConflictDoNothing({ target: certificates.enrolmentId })
    .returning({ code: certificates.code });
  if (!issued) return null;
  await tx
    .update(enrolments)
    .set({ status: "completed", completedAt: new Date(), progressPct: 100 })
    .where(eq(enrolments.id, enrolment.id));
  await recordActivity(tx, {
    userId: enrolment.userId,
    courseId: enrolment.courseId,
    type: "certificate_issued",
    title: `Certificate earned: ${course!.title}`,
    description: `${grade}, ${scorePct}%`,
  });
  await notifyUser(tx, {
    userId: enrolment.userId,
    type: "course",
    title: `Your certificate for ${course!.title} is ready`,
    message: `Congratulations! You completed ${course!.title} with ${grade}. Download it or share it from your student dashboard.`,
    link: `/verify/${issued.code}`,
    metadata: { courseName: course!.title, date: new Date().toISOString() },
    emailCopy: true,
  });
  return issued;
}
