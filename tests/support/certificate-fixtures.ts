import { getDb } from "../../server/db/client";
import { newCertificateCode } from "../../server/academy/certificate-code";
import { certificates, courseIntakes, courses, enrolments } from "../../server/academy/schema";

const DAY = 86_400_000;

/** A published course with one intake whose enrolment closes at `closesAt` (by default in 30 days). */
export async function createTestCourse(over: { title?: string; closesAt?: Date; publishedAt?: Date; status?: string } = {}) {
  const title = over.title ?? "Solar Installation Fundamentals";
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
  const [course] = await getDb()
    .insert(courses)
    .values({
      slug,
      title,
      summary: "Size, mount and wire a home solar system safely.",
      description: "A practical course.",
      category: "solar",
      level: "beginner",
      durationWeeks: 4,
      hoursPerWeek: 5,
      priceKobo: 0,
      instructorName: "Engr. Kunle Ajayi",
      instructorTitle: "Lead installer",
      instructorBio: "Fifteen years of rooftop installations in Lagos.",
      status: over.status ?? "published",
      publishedAt: over.publishedAt ?? new Date(Date.now() - 30 * DAY),
    })
    .returning();
  const closesAt = over.closesAt ?? new Date(Date.now() + 30 * DAY);
  const [intake] = await getDb()
    .insert(courseIntakes)
    .values({ courseId: course!.id, startsAt: new Date(closesAt.getTime() + 7 * DAY), enrolmentClosesAt: closesAt })
    .returning();
  return { course: course!, intake: intake! };
}

export async function addIntake(courseId: number, closesAt: Date) {
  const [intake] = await getDb()
    .insert(courseIntakes)
    .values({ courseId, startsAt: new Date(closesAt.getTime() + 7 * DAY), enrolmentClosesAt: closesAt })
    .returning();
  return intake!;
}

export async function enrol(userId: string, courseId: number, intakeId: number, status = "active") {
  const [row] = await getDb().insert(enrolments).values({ userId, courseId, intakeId, status }).returning();
  return row!;
}

/** A completed enrolment with its certificate, as issueCertificateIfEarned leaves it. */
export async function createTestCertificate(
  user: { id: string; name: string },
  over: { scorePct?: number; grade?: string; issuedAt?: Date } = {},
) {
  const { course, intake } = await createTestCourse({ title: "Solar for Homeowners" });
  const enrolment = await enrol(user.id, course.id, intake.id, "completed");
  const [cert] = await getDb()
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      enrolmentId: enrolment.id,
      userId: user.id,
      courseId: course.id,
      studentName: user.name,
      courseTitle: course.title,
      scorePct: over.scorePct ?? 88,
      grade: over.grade ?? "Distinction",
      issuedAt: over.issuedAt ?? new Date(),
    })
    .returning();
  return { course, certificate: cert! };
}
