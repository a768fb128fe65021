import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { seedAcademy, findSeededCourse } from "../db/seed/seed-academy";
import { outbox } from "../messaging/schema";
import { notifications } from "../notifications/schema";
import { userCapabilities } from "../users/schema";
import { completeLesson } from "./complete-lesson";
import { enrolInFreeCourse } from "./enrol-in-free-course";
import { findLessonMedia } from "./find-lesson-media";
import { findLessonResource } from "./find-lesson-resource";
import { getLesson } from "./get-lesson";
import { getStudentDashboard } from "./get-student-dashboard";
import { issueCertificateIfEarned } from "./issue-certificate-if-earned";
import { listCourses } from "./list-courses";
import { certificates, courseIntakes, enrolments, learningActivities, lessonResources, quizQuestions, quizzes, lessons } from "./schema";
import { submitQuiz } from "./submit-quiz";

useTestDatabase();

const FREE = "solar-for-homeowners";
const PAID = "solar-installation-fundamentals";

beforeAll(async () => {
  await seedAcademy("nobody@example.ng");
});

async function newStudent(name = "Bola Akande") {
  const c = await createCustomer(name);
  return { id: c.userId, name: c.name, email: c.email };
}

async function freeIntakeId() {
  const { intakes } = await findSeededCourse(FREE);
  return intakes.find((i) => i.enrolmentClosesAt > new Date())!.id;
}

/** The correct option of each question of a lesson's quiz, in order. */
async function rightAnswers(lessonSlug: string) {
  const rows = await getDb()
    .select({ correct: quizQuestions.correctOption })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(eq(lessons.slug, lessonSlug))
    .orderBy(quizQuestions.position);
  return rows.map((r) => r.correct);
}

describe("catalogue", () => {
  it("lists published courses with filters, search and sort; bad values fall back", async () => {
    const all = await listCourses();
    expect(all.total).toBe(8);
    const free = await listCourses(new URLSearchParams({ price: "free" }));
    expect(free.items.map((c) => c.slug)).toEqual([FREE]);
    expect(free.items[0]!.rating).toBe(4.5);
    const search = await listCourses(new URLSearchParams({ q: "inverter" }));
    expect(search.items.map((c) => c.slug)).toContain("inverter-and-battery-sizing");
    const cheap = await listCourses(new URLSearchParams({ sort: "price-asc" }));
    const prices = cheap.items.map((c) => c.priceKobo);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The soonest enrolment deadline first; a course whose only intake has closed comes last with none.
    const next = await listCourses(new URLSearchParams({ sort: "nonsense", level: "expert" }));
    expect(next.filters.sort).toBe("next-intake");
    expect(next.total).toBe(8);
    expect(next.items.at(-1)!.nextIntake).toBeNull();
    expect(next.items[0]!.nextIntake!.enrolmentClosesAt.getTime()).toBeLessThanOrEqual(
      next.items[1]!.nextIntake!.enrolmentClosesAt.getTime(),
    );
  });
});

describe("free enrolment", () => {
  it("enrols once: capability, e-mail, notification and activity; a second click is refused", async () => {
    const student = await newStudent();
    const intakeId = await freeIntakeId();
    const first = await enrolInFreeCourse(student, { slug: FREE, intakeId });
    expect(first).toMatchObject({ ok: true, slug: FREE });
    const caps = await getDb().select().from(userCapabilities).where(eq(userCapabilities.userId, student.id));
    expect(caps.map((c) => c.capability)).toEqual(["student"]);
    const mail = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, student.email), eq(outbox.kind, "course_enrollment")));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("Solar for Homeowners");
    const notes = await getDb().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes.map((n) => n.title)).toEqual(["You're enrolled in Solar for Homeowners"]);

    const again = await enrolInFreeCourse(student, { slug: FREE, intakeId });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toBe("You are already enrolled in Solar for Homeowners.");
    const [n] = await getDb().select({ n: count() }).from(enrolments).where(eq(enrolments.userId, student.id));
    expect(n!.n).toBe(1);
  });

  it("refuses a paid course, a closed intake, a full intake and an unknown intake, changing nothing", async () => {
    const student = await newStudent("Yusuf Danjuma");
    const paid = await findSeededCourse(PAID);
    const r1 = await enrolInFreeCourse(student, { slug: PAID, intakeId: paid.intakes.find((i) => i.enrolmentClosesAt > new Date())!.id });
    expect(!r1.ok && r1.error.message).toBe("Solar Installation Fundamentals is a paid course: add it to your cart to enrol.");

    const audits = await findSeededCourse("energy-audits-for-buildings");
    const r2 = await enrolInFreeCourse(student, { slug: "energy-audits-for-buildings", intakeId: audits.intakes[0]!.id });
    expect(!r2.ok && r2.error.message).toMatch(/^Enrolment for this intake of Energy Audits for Buildings closed on /);

    const intakeId = await freeIntakeId();
    await getDb().update(courseIntakes).set({ capacity: 1 }).where(eq(courseIntakes.id, intakeId));
    try {
      const r3 = await enrolInFreeCourse(student, { slug: FREE, intakeId });
      expect(!r3.ok && r3.error.code).toBe("conflict");
      expect(!r3.ok && r3.error.message).toBe("This intake of Solar for Homeowners is full. Choose another intake or ask to be reminded.");
    } finally {
      await getDb().update(courseIntakes).set({ capacity: null }).where(eq(courseIntakes.id, intakeId));
    }
    const r4 = await enrolInFreeCourse(student, { slug: FREE, intakeId: 999_999 });
    expect(!r4.ok && r4.error.code).toBe("not_found");
    // A paid course's intake named under the free course's slug is not the free course's.
    const r5 = await enrolInFreeCourse(student, { slug: FREE, intakeId: paid.intakes[0]!.id });
    expect(!r5.ok && r5.error.message).toBe("This course is not open for enrolment.");
    const [n] = await getDb().select({ n: count() }).from(enrolments).where(eq(enrolments.userId, student.id));
    expect(n!.n).toBe(0);
  });
});

describe("lessons, progress, quizzes and the certificate", () => {
  it("opens previews to anyone, other lessons to enrolled students and staff only", async () => {
    expect((await getLesson(FREE, "parts-of-your-system", null)).ok).toBe(true);
    const anon = await getLesson(FREE, "battery-habits", null);
    expect(!anon.ok && anon.error.code).toBe("unauthenticated");
    const outsider = await newStudent("Efe Omoregie");
    const refused = await getLesson(FREE, "battery-habits", { id: outsider.id, isStaff: false });
    expect(!refused.ok && refused.error.code).toBe("forbidden");
    expect((await getLesson(FREE, "battery-habits", { id: outsider.id, isStaff: true })).ok).toBe(true);
    expect((await getLesson(FREE, "no-such-lesson", null)).ok).toBe(false);
    // The video follows the same rule.
    const [locked] = await getDb().select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, "working-safely"));
    const media = await findLessonMedia(locked!.id, "video", { id: outsider.id, isStaff: false });
    expect(!media.ok && media.error.code).toBe("forbidden");
    // Resources too, and a stored path that would leave the data folder is never served.
    const [mine, escape] = await getDb()
      .insert(lessonResources)
      .values([
        {
          lessonId: locked!.id,
          title: "Survey sheet",
          filePath: "academy/resources/survey.pdf",
          contentType: "application/pdf",
          bytes: 1200,
        },
        { lessonId: locked!.id, title: "Bad", filePath: "../../etc/passwd", contentType: "text/plain", bytes: 10 },
      ])
      .returning({ id: lessonResources.id });
    const refusedFile = await findLessonResource(mine!.id, { id: outsider.id, isStaff: false });
    expect(!refusedFile.ok && refusedFile.error.code).toBe("forbidden");
    const staffFile = await findLessonResource(mine!.id, { id: outsider.id, isStaff: true });
    expect(staffFile.ok && staffFile.downloadName).toBe("Survey sheet.pdf");
    expect((await findLessonResource(escape!.id, { id: outsider.id, isStaff: true })).ok).toBe(false);
  });

  it("counts progress once per lesson, marks quizzes on the server, and issues one certificate", async () => {
    const student = await newStudent("Amina Lawal");
    await enrolInFreeCourse(student, { slug: FREE, intakeId: await freeIntakeId() });
    const outsider = await newStudent("Segun Arinze");
    const notMine = await completeLesson(outsider.id, FREE, "parts-of-your-system");
    expect(!notMine.ok && notMine.error.code).toBe("forbidden");

    const one = await completeLesson(student.id, FREE, "parts-of-your-system");
    expect(one).toMatchObject({ ok: true, progressPct: 33, alreadyDone: false });
    const twice = await completeLesson(student.id, FREE, "parts-of-your-system");
    expect(twice).toMatchObject({ ok: true, progressPct: 33, alreadyDone: true });

    // Quiz: wrong number of answers, an option that does not exist, a lesson without a quiz: refused, nothing stored.
    const right = await rightAnswers("reading-the-inverter");
    expect((await submitQuiz(student.id, FREE, "reading-the-inverter", [0])).ok).toBe(false);
    expect(
      (
        await submitQuiz(
          student.id,
          FREE,
          "reading-the-inverter",
          right.map(() => 7),
        )
      ).ok,
    ).toBe(false);
    expect((await submitQuiz(student.id, FREE, "battery-habits", right)).ok).toBe(false);
    const wrong = await submitQuiz(
      student.id,
      FREE,
      "reading-the-inverter",
      right.map((c) => 1 - c),
    );
    expect(wrong).toMatchObject({ ok: true, scorePct: 0, passed: false });
    const passed = await submitQuiz(student.id, FREE, "reading-the-inverter", right);
    expect(passed).toMatchObject({ ok: true, scorePct: 100, passed: true, certificateCode: null });

    await completeLesson(student.id, FREE, "reading-the-inverter");
    // The last lesson, twice at the same moment: one certificate.
    const [a, b] = await Promise.all([
      completeLesson(student.id, FREE, "battery-habits"),
      completeLesson(student.id, FREE, "battery-habits"),
    ]);
    const codes = [a, b].map((r) => (r.ok ? r.certificateCode : null)).filter(Boolean);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const certs = await getDb().select().from(certificates).where(eq(certificates.userId, student.id));
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({
      studentName: "Amina Lawal",
      courseTitle: "Solar for Homeowners",
      scorePct: 100,
      grade: "Distinction",
    });
    // Issuing again changes nothing.
    const [enrolment] = await getDb().select().from(enrolments).where(eq(enrolments.userId, student.id));
    expect(enrolment).toMatchObject({ status: "completed", progressPct: 100 });
    expect(await issueCertificateIfEarned(getDb(), enrolment!.id)).toBeNull();

    const dashboard = await getStudentDashboard(student.id);
    expect(dashboard.courses[0]).toMatchObject({ slug: FREE, progressPct: 100, status: "completed" });
    expect(dashboard.certificates.map((c) => c.code)).toEqual([codes[0]]);
    const activity = await getDb()
      .select({ type: learningActivities.type })
      .from(learningActivities)
      .where(eq(learningActivities.userId, student.id));
    expect(activity.map((x) => x.type).sort()).toEqual(
      ["certificate_issued", "enrolled", "lesson_completed", "lesson_completed", "lesson_completed", "quiz_failed", "quiz_passed"].sort(),
    );
  });

  it("stops quiz attempts at the limit", async () => {
    const student = await newStudent("Ifeoma Nwachukwu");
    const { course, intakes } = await findSeededCourse(PAID);
    await getDb()
      .insert(enrolments)
      .values({ userId: student.id, courseId: course.id, intakeId: intakes.at(-1)!.id });
    const right = await rightAnswers("load-assessment");
    const wrong = right.map((c) => (c + 1) % 3);
    for (let i = 0; i < 3; i++) expect((await submitQuiz(student.id, PAID, "load-assessment", wrong)).ok).toBe(true);
    const fourth = await submitQuiz(student.id, PAID, "load-assessment", right);
    expect(!fourth.ok && fourth.error.message).toBe("You have used all 3 attempts at this quiz.");
  });
});
