import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestCertificate, enrol } from "../../../tests/support/certificate-fixtures";
import { apiTokens, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { makeUser } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { findSubmissionFile } from "../../academy/find-submission-file";
import { listGradingQueue } from "../../academy/list-grading-queue";
import { revokeCertificate } from "../../academy/revoke-certificate";
import { assignments, enrolments, lessons, quizQuestions, quizzes, submissions } from "../../academy/schema";
import { readCart } from "../../cart/read-cart";
import { getDb } from "../../db/client";
import { findSeededCourse, seedAcademy } from "../../db/seed/seed-academy";
import { env } from "../../env";

// The academy through the API (docs/product/api-gateway.md#academy), over real HTTP with the app's bearer token:
// enrolling, a paid seat in the one cart, lessons with signed links, quizzes, assignments handed in with a file, and
// the certificate's PDF. Another person's assignment or certificate is not found.

useTestDatabase();
const call = useGateway("ACADEMY01");

const PAID = "solar-installation-fundamentals";
const FREE = "solar-for-homeowners";
let filesDir: string;
let paid: Awaited<ReturnType<typeof findSeededCourse>>;
let assignmentId: number;
/** The paid course's intake open for enrolment now (the seed also has past ones, with their students). */
let openIntakeId: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "zavolah-api-academy-"));
  Object.assign(env, { DATA_DIR: dataDir });
  filesDir = join(dataDir, "academy", "submissions");
  await seedAcademy("nobody@example.ng");
  paid = await findSeededCourse(PAID);
  const [a] = await getDb().select().from(assignments).where(eq(assignments.courseId, paid.course.id));
  assignmentId = a!.id;
  openIntakeId = paid.intakes.find((i) => i.enrolmentClosesAt.getTime() > Date.now())!.id;
});

async function learner(name: string) {
  const person = await registeredPerson(name, { confirmed: true });
  const { token } = await apiTokens(call, person.email, `academy-${person.id}`);
  return { ...person, token };
}

/** A learner enrolled in the paid course (as a paid order would leave them). */
async function paidStudent(name: string) {
  const person = await learner(name);
  await enrol(person.id, paid.course.id, openIntakeId);
  return person;
}

const storedFiles = () => {
  try {
    return readdirSync(filesDir);
  } catch {
    return [];
  }
};

/** Hands in through the one form operation, as the app sends it: multipart/form-data. */
async function handIn(token: string, fields: Record<string, string>, file?: { name: string; bytes: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("file", new File([file.bytes], file.name, { type: file.type }));
  const response = await fetch(`${call.base()}/courses/${PAID}/assignments/${assignmentId}/submission`, {
    method: "POST",
    headers: { "X-API-Version": "1.0", Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const pdf = { name: "design.pdf", bytes: "%PDF-1.4\n% my load list and wiring\n%%EOF\n", type: "application/pdf" };

describe("enrolling", () => {
  it("enrols in a free course's next intake; the course is then in /learning, and a second time is refused", async () => {
    const ada = await learner("Adaeze Okonkwo");
    const course = await call("GET", `/courses/${FREE}`, { token: ada.token });
    expect(course).toMatchObject({ status: 200, body: { slug: FREE, priceKobo: 0, enrolled: false } });
    expect((course.body.intakes as { state: string }[]).some((i) => i.state === "open")).toBe(true);

    expect(await call("POST", `/courses/${FREE}/enrol`, { token: ada.token, body: {} })).toMatchObject({
      status: 201,
      body: { slug: FREE, title: "Solar for Homeowners" },
    });
    const learning = await call("GET", "/learning", { token: ada.token });
    expect((learning.body.courses as { slug: string }[]).map((c) => c.slug)).toEqual([FREE]);
    expect(await call("POST", `/courses/${FREE}/enrol`, { token: ada.token, body: {} })).toMatchObject({
      status: 409,
      body: { code: "conflict", message: "You are already enrolled in Solar for Homeowners." },
    });
  });

  it("refuses a paid course (to the cart), another course's intake and a bad intake, and enrols nobody", async () => {
    const bayo = await learner("Bayo Adekunle");
    const free = await findSeededCourse(FREE);
    expect(await call("POST", `/courses/${PAID}/enrol`, { token: bayo.token, body: {} })).toMatchObject({
      status: 400,
      body: { code: "invalid_input", message: "Solar Installation Fundamentals is a paid course: add it to your cart to enrol." },
    });
    // The free course's intake under the paid course's address is not this course's.
    expect(await call("POST", `/courses/${PAID}/enrol`, { token: bayo.token, body: { intakeId: free.intakes[0]!.id } })).toMatchObject({
      status: 404,
    });
    expect(await call("POST", `/courses/${FREE}/enrol`, { token: bayo.token, body: { intakeId: "first" } })).toMatchObject({
      status: 400,
      body: { code: "invalid_input", field: "intakeId" },
    });
    expect(await call("POST", `/courses/no-such-course/enrol`, { token: bayo.token, body: {} })).toMatchObject({ status: 404 });
    expect(await getDb().select().from(enrolments).where(eq(enrolments.userId, bayo.id))).toEqual([]);
  });

  it("puts a paid course's seat in the website's cart, once, and takes it out again; a free course is not for the cart", async () => {
    const chi = await learner("Chidinma Eze");
    const intakeId = openIntakeId;
    const added = await call("POST", "/cart/courses", { token: chi.token, body: { intakeId } });
    expect(added).toMatchObject({
      status: 200,
      body: { itemCount: 1, subtotalKobo: 7_500_000, lines: [{ kind: "course", name: "Solar Installation Fundamentals", quantity: 1 }] },
    });
    expect((await readCart({ userId: chi.id })).lines.map((l) => l.kind)).toEqual(["course"]);
    expect(await call("POST", "/cart/courses", { token: chi.token, body: { intakeId } })).toMatchObject({ status: 409 });
    const free = await findSeededCourse(FREE);
    expect(
      await call("POST", "/cart/courses", {
        token: chi.token,
        body: { intakeId: free.intakes.find((i) => i.enrolmentClosesAt.getTime() > Date.now())!.id },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Solar for Homeowners is free: enrol from the course page instead." },
    });
    expect(await call("DELETE", `/cart/courses/${intakeId}`, { token: chi.token })).toMatchObject({ status: 200, body: { itemCount: 0 } });
  });
});

describe("a lesson for the app", () => {
  it("carries signed links to its video that name the student and expire in minutes, and its quiz without the answers", async () => {
    const dayo = await paidStudent("Dayo Ogunleye");
    const answer = await call("GET", `/courses/${PAID}/lessons/how-solar-works`, { token: dayo.token });
    expect(answer.status).toBe(200);
    const video = answer.body.video as { url: string; expiresAt: string };
    expect(video.url).toMatch(/\/academy\/media\/lessons\/\d+\/video\?u=[^&]+&exp=\d+&sig=[\w-]{43}$/);
    expect(new URL(video.url).searchParams.get("u")).toBe(dayo.id);
    const minutes = (Date.parse(video.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(10);
    expect(minutes).toBeLessThanOrEqual(15);

    const quizLesson = await call("GET", `/courses/${PAID}/lessons/working-safely`, { token: dayo.token });
    const quiz = quizLesson.body.quiz as { questions: Record<string, unknown>[]; attempts: number };
    expect(quiz.questions.length).toBeGreaterThan(0);
    expect(quiz.questions.every((q) => Object.keys(q).sort().join() === "options,prompt")).toBe(true);
  });

  it("marks a quiz as the page does: every answer right passes, a wrong count is refused, a stranger is refused", async () => {
    const efe = await paidStudent("Efe Oghene");
    const [lesson] = await getDb()
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, paid.course.id), eq(lessons.slug, "working-safely")));
    const [quiz] = await getDb().select().from(quizzes).where(eq(quizzes.lessonId, lesson!.id));
    const questions = await getDb().select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz!.id)).orderBy(quizQuestions.position);
    const path = `/courses/${PAID}/lessons/working-safely/quiz`;

    expect(await call("POST", path, { token: efe.token, body: { answers: ["a"] } })).toMatchObject({
      status: 400,
      body: { field: "answers.0" },
    });
    expect(await call("POST", path, { token: efe.token, body: { answers: [0] } })).toMatchObject({
      status: questions.length === 1 ? 200 : 400,
    });
    const right = await call("POST", path, { token: efe.token, body: { answers: questions.map((q) => q.correctOption) } });
    expect(right).toMatchObject({ status: 200, body: { scorePct: 100, passed: true, questions: questions.length } });

    const stranger = await learner("Funke Akindele");
    expect(await call("POST", path, { token: stranger.token, body: { answers: questions.map((q) => q.correctOption) } })).toMatchObject({
      status: 403,
    });
  });
});

describe("assignments", () => {
  it("lists the student's assignment and takes a PDF as a form: it is there for staff to grade", async () => {
    const gbenga = await paidStudent("Gbenga Daniel");
    const list = await call("GET", "/assignments", { token: gbenga.token });
    expect(list).toMatchObject({
      status: 200,
      body: { items: [{ id: assignmentId, courseSlug: PAID, title: "Design a 3 kVA home system", status: "not_submitted" }] },
    });

    const handed = await handIn(gbenga.token, { text: "My design is attached." }, pdf);
    expect(handed).toMatchObject({ status: 200, body: { status: "submitted", late: false } });
    expect(await call("GET", `/courses/${PAID}/assignments/${assignmentId}`, { token: gbenga.token })).toMatchObject({
      status: 200,
      body: { status: "submitted", submission: { text: "My design is attached.", fileName: "design.pdf", score: null } },
    });

    const staff = await makeUser("staff", "Tunde Bakare");
    const queue = await listGradingQueue(1);
    const mine = queue.rows.find((r) => r.student.name === "Gbenga Daniel");
    expect(mine).toBeDefined();
    const file = await findSubmissionFile(staff, mine!.id);
    expect(file.ok && Buffer.from(file.bytes).toString()).toContain("my load list and wiring");
  });

  it("refuses a file whose content is not what its name says, JSON, and a stranger, storing nothing", async () => {
    const hauwa = await paidStudent("Hauwa Musa");
    const before = storedFiles().length;
    const fake = await handIn(hauwa.token, { text: "see file" }, { name: "design.pdf", bytes: "just some text", type: "application/pdf" });
    expect(fake).toMatchObject({ status: 400, body: { code: "invalid_input", field: "file" } });
    const json = await call("POST", `/courses/${PAID}/assignments/${assignmentId}/submission`, {
      token: hauwa.token,
      body: { text: "as JSON" },
    });
    expect(json).toMatchObject({ status: 415, body: { code: "unsupported_media_type" } });

    const stranger = await learner("Ifeoma Nwosu");
    expect(await handIn(stranger.token, { text: "not my course" }, pdf)).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(await call("GET", `/courses/${PAID}/assignments/${assignmentId}`, { token: stranger.token })).toMatchObject({ status: 404 });

    expect(storedFiles().length).toBe(before);
    const [enrolment] = await getDb().select().from(enrolments).where(eq(enrolments.userId, hauwa.id));
    expect(await getDb().select().from(submissions).where(eq(submissions.enrolmentId, enrolment!.id))).toEqual([]);
  });
});

describe("certificates", () => {
  it("downloads the holder's PDF with the bearer token; a stranger is told there is none; a revoked one has no PDF", async () => {
    const jide = await learner("Jide Sowore");
    const { certificate } = await createTestCertificate({ id: jide.id, name: "Jide Sowore" });
    const pdfOf = (token: string) =>
      fetch(`${call.base()}/certificates/${certificate.code}/pdf`, {
        headers: { "X-API-Version": "1.0", Authorization: `Bearer ${token}` },
      });

    const own = await pdfOf(jide.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("content-disposition")).toMatch(/^attachment; filename="zavolah-certificate-.+\.pdf"$/);
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const stranger = await learner("Kemi Adetiba");
    const theirs = await pdfOf(stranger.token);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: "not_found" });

    const admin = await makeUser("admin", "Funmi Adebayo");
    expect((await revokeCertificate(admin, { certificateId: certificate.id, reason: "Issued in error" })).ok).toBe(true);
    const revoked = await pdfOf(jide.token);
    expect(revoked.status).toBe(409);
    expect(((await revoked.json()) as { message: string }).message).toContain("was revoked");
  });
});
