import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { ZGradeSubmission, ZSubmitAssignment } from "@domain/academy/assignment-input";
import { parseThen } from "@domain/errors/app-error";
import type { TViewer } from "@domain/access/roles";
import { getDb } from "../db/client";
import { findSeededCourse, seedAcademy } from "../db/seed/seed-academy";
import { env } from "../env";
import { outbox } from "../messaging/schema";
import { notifications } from "../notifications/schema";
import { updatePreferences } from "../notifications/update-preferences";
import { assignmentDueReminders } from "../notifications/reminders/assignment-due-reminders";
import { liveSessionReminders } from "../notifications/reminders/live-session-reminders";
import { findAssignmentForViewer } from "./find-assignment-for-viewer";
import { findSubmissionFile } from "./find-submission-file";
import { gradeSubmission } from "./grade-submission";
import { listGradingQueue } from "./list-grading-queue";
import {
  assignments,
  certificates,
  courseIntakes,
  enrolments,
  learningActivities,
  lessonCompletions,
  lessons,
  liveSessions,
  quizAttempts,
  quizzes,
  submissions,
} from "./schema";
import { GRADED_REFUSAL, submitAssignment } from "./submit-assignment";

useTestDatabase();

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SLUG = "solar-installation-fundamentals";
const signal = new AbortController().signal;
let filesDir: string;
let courseId: number;
let assignmentId: number;

beforeAll(async () => {
  // Files go to a folder of this test file's own, never the developer's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), "zavolah-assignments-"));
  Object.assign(env, { DATA_DIR: dataDir });
  filesDir = join(dataDir, "academy", "submissions");
  await seedAcademy("nobody@example.ng");
  const { course } = await findSeededCourse(SLUG);
  courseId = course.id;
  const [a] = await getDb().select().from(assignments).where(eq(assignments.courseId, courseId));
  assignmentId = a!.id;
});

const storedFiles = () => {
  try {
    return readdirSync(filesDir);
  } catch {
    return [];
  }
};

/** A fresh intake of the course starting at `startsAt`, and a student enrolled in it. */
async function enrolledStudent(name: string, startsAt = new Date(Date.now() + 7 * DAY), status = "active") {
  const student = await makeUser("customer", name);
  const [intake] = await getDb()
    .insert(courseIntakes)
    .values({ courseId, startsAt, enrolmentClosesAt: new Date(startsAt.getTime() - DAY), capacity: null })
    .returning();
  const [enrolment] = await getDb()
    .insert(enrolments)
    .values({ userId: student.id, courseId, intakeId: intake!.id, status, cancelledAt: status === "cancelled" ? new Date() : null })
    .returning();
  return { student, intake: intake!, enrolment: enrolment! };
}

const pdf = (name = "design.pdf", body = "a load list and wiring drawing") =>
  new File([`%PDF-1.4\n% ${body}\n%%EOF\n`], name, { type: "application/pdf" });

/** A ZIP archive of stored entries: enough for the central-directory check (no CRCs are verified). */
function zipOf(entries: string[]): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const locals: number[] = [];
  const central: number[] = [];
  const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  for (const name of entries) {
    const nameBytes = [...enc.encode(name)];
    const data = [...enc.encode("<xml/>")];
    const offset = locals.length;
    locals.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0));
    locals.push(...u32(data.length), ...u32(data.length), ...u16(nameBytes.length), ...u16(0), ...nameBytes, ...data);
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0));
    central.push(...u32(data.length), ...u32(data.length), ...u16(nameBytes.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0));
    central.push(...u32(0), ...u32(offset), ...nameBytes);
  }
  const end = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(entries.length), ...u16(entries.length)];
  end.push(...u32(central.length), ...u32(locals.length), ...u16(0));
  return new Uint8Array([...locals, ...central, ...end]);
}

const submit = (student: TViewer, fields: Record<string, string | undefined>, file: File | null = null, now?: Date) =>
  parseThen(ZSubmitAssignment, { assignmentId: String(assignmentId), ...fields }, ["text"], (input) =>
    submitAssignment(student, { ...input, courseSlug: SLUG, file }, now),
  );
const grade = (staff: TViewer, fields: Record<string, string>) =>
  parseThen(ZGradeSubmission, fields, ["score", "feedback"], (input) => gradeSubmission(staff, input));
const submissionOf = async (enrolmentId: number) =>
  (await getDb().select().from(submissions).where(eq(submissions.enrolmentId, enrolmentId)))[0] ?? null;

describe("handing in an assignment", () => {
  it("stores a PDF checked by content outside public files, records the activity, and serves it to its student and staff only", async () => {
    const { student, enrolment } = await enrolledStudent("Ngozi Okafor");
    const result = await submit(student, { text: "My load list is attached." }, pdf());
    expect(result).toMatchObject({ ok: true, status: "submitted", late: false });
    const saved = (await submissionOf(enrolment.id))!;
    expect(saved).toMatchObject({ fileName: "design.pdf", fileType: "application/pdf", late: false, text: "My load list is attached." });
    expect(saved.filePath).toMatch(/^submissions\/[0-9a-f-]{36}\.pdf$/);
    expect(storedFiles()).toContain(saved.filePath!.split("/")[1]);

    const page = await findAssignmentForViewer(student, { courseSlug: SLUG, assignmentId });
    expect(page).toMatchObject({ ok: true, readOnly: false, submission: { id: saved.id, fileName: "design.pdf" } });

    const own = await findSubmissionFile(student, saved.id);
    expect(own.ok && Buffer.from(own.bytes).toString()).toContain("%PDF-1.4");
    const staff = await makeUser("staff", "Tunde Bakare");
    expect(await findSubmissionFile(staff, saved.id)).toMatchObject({ ok: true, contentType: "application/pdf" });
    const other = await makeUser("customer", "Segun Ade");
    expect(await findSubmissionFile(other, saved.id)).toMatchObject({ ok: false, error: { code: "not_found" } });

    const activity = await getDb()
      .select()
      .from(learningActivities)
      .where(and(eq(learningActivities.userId, student.id), eq(learningActivities.type, "assignment_submitted")));
    expect(activity.map((a) => a.title)).toEqual(["Submitted “Design a 3 kVA home system”"]);
  });

  it("refuses a program disguised as a PDF, an oversized file, a fake DOCX and a name that lies, and stores nothing", async () => {
    const { student, enrolment } = await enrolledStudent("Chidinma Eze");
    const before = storedFiles().length;
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])], "design.pdf", { type: "application/pdf" });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.pdf");
    const fakeDocx = new File([zipOf(["notes.txt"])], "report.docx");
    const pngNamedPdf = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "drawing.pdf");
    const answers = await Promise.all([exe, big, fakeDocx, pngNamedPdf].map((file) => submit(student, {}, file)));
    expect(answers.map((a) => (a.ok ? "ok" : `${a.error.status} ${a.error.field} ${a.error.message}`))).toEqual([
      "400 file Upload a PDF, PNG, JPEG, WebP, DOCX or ZIP file: this file is none of those",
      "400 file The file must be 10 MB or smaller",
      "400 file This .docx file is not a Word document",
      "400 file This file is a PNG but its name ends in “.pdf”: rename it and try again",
    ]);
    expect(await submit(student, { text: "   " })).toMatchObject({
      ok: false,
      error: { field: "text", message: "Write your answer or attach a file" },
    });
    expect(await submissionOf(enrolment.id)).toBeNull();
    expect(storedFiles()).toHaveLength(before);
  });

  it("accepts a real Word document (a ZIP holding word/document.xml) and a plain ZIP", async () => {
    const { student, enrolment } = await enrolledStudent("Ifeoma Nnaji");
    expect(await submit(student, {}, new File([zipOf(["[Content_Types].xml", "word/document.xml"])], "Sizing report.docx"))).toMatchObject({
      ok: true,
    });
    expect(await submissionOf(enrolment.id)).toMatchObject({
      fileName: "Sizing report.docx",
      fileType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(await submit(student, {}, new File([zipOf(["photos/roof.jpg"])], "site-photos.zip"))).toMatchObject({ ok: true });
    expect(await submissionOf(enrolment.id)).toMatchObject({ fileName: "site-photos.zip", fileType: "application/zip" });
  });

  it("replaces the submission (and its old file) until it is graded, then refuses any change", async () => {
    const { student, enrolment } = await enrolledStudent("Bola Lawal");
    await submit(student, { text: "First try" }, pdf("first.pdf"));
    const first = (await submissionOf(enrolment.id))!;
    // Text only, keeping the file already handed in.
    expect(await submit(student, { text: "Second try", keepFile: "on" })).toMatchObject({ ok: true });
    expect(await submissionOf(enrolment.id)).toMatchObject({ id: first.id, text: "Second try", filePath: first.filePath });
    // A new file replaces the old one, which is removed from disk.
    await submit(student, { text: "Third try" }, pdf("third.pdf"));
    const third = (await submissionOf(enrolment.id))!;
    expect(third).toMatchObject({ id: first.id, text: "Third try", fileName: "third.pdf" });
    expect(storedFiles()).not.toContain(first.filePath!.split("/")[1]);
    expect(storedFiles()).toContain(third.filePath!.split("/")[1]);

    const staff = await makeUser("staff", "Tutor Kunle");
    expect(await grade(staff, { submissionId: String(third.id), score: "72", feedback: "Good sizing; label the breakers." })).toMatchObject(
      {
        ok: true,
      },
    );
    const files = storedFiles().length;
    const refused = await submit(student, { text: "Fourth try" }, pdf("fourth.pdf"));
    expect(refused).toMatchObject({ ok: false, error: { code: "conflict", status: 409, message: GRADED_REFUSAL } });
    expect(await submissionOf(enrolment.id)).toMatchObject({ text: "Third try", score: 72 });
    expect(storedFiles()).toHaveLength(files);
    const page = await findAssignmentForViewer(student, { courseSlug: SLUG, assignmentId });
    expect(page).toMatchObject({ ok: true, submission: { score: 72, feedback: "Good sizing; label the breakers." } });
  });

  it("accepts a submission after the due date and marks it late", async () => {
    // Due 28 days after the start: this intake started 30 days ago.
    const { student, enrolment } = await enrolledStudent("Kemi Adeyemi", new Date(Date.now() - 30 * DAY));
    expect(await submit(student, { text: "Sorry it is late" })).toMatchObject({ ok: true, status: "late", late: true });
    expect(await submissionOf(enrolment.id)).toMatchObject({ late: true });
    const queue = await listGradingQueue(1);
    expect(queue.rows.find((r) => r.student.name === "Kemi Adeyemi")).toMatchObject({ late: true, assignment: { id: assignmentId } });
  });

  it("refuses people who are not the course's students, cancelled enrolments and unknown assignments, storing nothing", async () => {
    const outsider = await makeUser("customer", "Ifeanyi Nwosu");
    const { student: cancelled, enrolment } = await enrolledStudent("Tope Alabi", undefined, "cancelled");
    const before = storedFiles().length;
    expect(await submit(outsider, { text: "Let me in" }, pdf())).toMatchObject({ ok: false, error: { code: "forbidden", status: 403 } });
    expect(await submit(cancelled, { text: "Still here" }, pdf())).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const wrongCourse = await submitAssignment(outsider, {
      assignmentId,
      text: "x",
      keepFile: false,
      courseSlug: "solar-for-homeowners",
      file: null,
    });
    expect(wrongCourse).toMatchObject({ ok: false, error: { code: "not_found", status: 404 } });
    expect(await submit(outsider, { assignmentId: "999999", text: "x" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await findAssignmentForViewer(outsider, { courseSlug: SLUG, assignmentId })).toMatchObject({
      ok: false,
      error: { status: 403 },
    });
    expect(await submissionOf(enrolment.id)).toBeNull();
    expect(storedFiles()).toHaveLength(before);
    const staff = await makeUser("staff", "Staff Reader");
    expect(await findAssignmentForViewer(staff, { courseSlug: SLUG, assignmentId })).toMatchObject({
      ok: true,
      readOnly: true,
      submission: null,
    });
  });
});

describe("grading", () => {
  it("refuses out-of-range, non-numeric, missing feedback, unknown and already graded, changing nothing", async () => {
    const { student, enrolment } = await enrolledStudent("Adaeze Obi");
    await submit(student, { text: "My answer" });
    const { id } = (await submissionOf(enrolment.id))!;
    const staff = await makeUser("staff", "Tutor Amaka");
    const tries = [
      { submissionId: String(id), score: "101", feedback: "Too generous" },
      { submissionId: String(id), score: "-1", feedback: "Negative" },
      { submissionId: String(id), score: "7.5", feedback: "Half marks" },
      { submissionId: String(id), score: "eighty", feedback: "Words" },
      { submissionId: String(id), score: "80", feedback: "  " },
      { submissionId: String(id), score: "80", feedback: "x".repeat(2001) },
      { submissionId: "999999", score: "80", feedback: "Nobody" },
    ];
    const answers = [];
    for (const t of tries) answers.push(await grade(staff, t));
    expect(answers.map((a) => (a.ok ? "ok" : `${a.error.status} ${a.error.message}`))).toEqual([
      "400 The score must be a whole number from 0 to 100",
      "400 The score must be a whole number",
      "400 The score must be a whole number",
      "400 The score must be a whole number",
      "400 Write some feedback for the student",
      "400 Keep the feedback to 2000 characters",
      "404 There is no such submission: it may have been removed",
    ]);
    expect(await submissionOf(enrolment.id)).toMatchObject({ score: null, gradedAt: null });
    expect(await grade(staff, { submissionId: String(id), score: "100", feedback: "Excellent" })).toMatchObject({ ok: true, score: 100 });
    expect(await grade(staff, { submissionId: String(id), score: "10", feedback: "Again" })).toMatchObject({
      ok: false,
      error: { status: 409, message: "Adaeze Obi's “Design a 3 kVA home system” has already been graded" },
    });
    expect(await submissionOf(enrolment.id)).toMatchObject({ score: 100, feedback: "Excellent", gradedBy: staff.id });
    expect((await listGradingQueue(1)).rows.map((r) => r.id)).not.toContain(id);
  });

  it("notifies and e-mails the student, and issues the certificate when the grade completes the course", async () => {
    const { student, enrolment } = await enrolledStudent("Emeka Okonkwo");
    // Every lesson done and every quiz passed: the assignment is all that is left.
    const courseLessons = await getDb().select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
    await getDb()
      .insert(lessonCompletions)
      .values(courseLessons.map((l) => ({ enrolmentId: enrolment.id, lessonId: l.id })));
    const courseQuizzes = await getDb()
      .select({ id: quizzes.id })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .where(eq(lessons.courseId, courseId));
    expect(courseQuizzes.length).toBeGreaterThan(0);
    await getDb()
      .insert(quizAttempts)
      .values(courseQuizzes.map((q) => ({ enrolmentId: enrolment.id, quizId: q.id, answers: [], scorePct: 90, passed: true })));
    await submit(student, {}, pdf());
    const { id } = (await submissionOf(enrolment.id))!;
    const staff = await makeUser("staff", "Tutor Femi");

    const result = await grade(staff, { submissionId: String(id), score: "80", feedback: "Clear drawing and sound sizing." });
    expect(result).toMatchObject({ ok: true, certificateCode: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) });
    const [certificate] = await getDb().select().from(certificates).where(eq(certificates.enrolmentId, enrolment.id));
    // (90 per quiz and 80 for the assignment) averaged.
    expect(certificate).toMatchObject({ studentName: "Emeka Okonkwo", userId: student.id });
    const [done] = await getDb().select().from(enrolments).where(eq(enrolments.id, enrolment.id));
    expect(done).toMatchObject({ status: "completed", progressPct: 100 });

    const notes = await getDb().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes.find((n) => n.title === "Your assignment has been graded")).toMatchObject({
      type: "course",
      link: `/academy/${SLUG}/assignments/${assignmentId}`,
    });
    const mails = await getDb().select().from(outbox).where(eq(outbox.recipient, student.email));
    expect(mails.map((m) => m.subject)).toContain("Graded: Design a 3 kVA home system (80/100)");
    const activity = await getDb().select().from(learningActivities).where(eq(learningActivities.userId, student.id));
    expect(activity.map((a) => a.type)).toEqual(
      expect.arrayContaining(["assignment_submitted", "assignment_graded", "certificate_issued"]),
    );
  });

  it("a grade below the pass score does not issue the certificate", async () => {
    const { student, enrolment } = await enrolledStudent("Musa Bello");
    const courseLessons = await getDb().select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
    await getDb()
      .insert(lessonCompletions)
      .values(courseLessons.map((l) => ({ enrolmentId: enrolment.id, lessonId: l.id })));
    await submit(student, { text: "Short answer" });
    const { id } = (await submissionOf(enrolment.id))!;
    const staff = await makeUser("staff", "Tutor Bisi");
    expect(await grade(staff, { submissionId: String(id), score: "30", feedback: "Redo the battery sizing." })).toMatchObject({
      ok: true,
      certificateCode: null,
    });
    expect(await getDb().select().from(certificates).where(eq(certificates.enrolmentId, enrolment.id))).toHaveLength(0);
  });
});

describe("academy reminders", () => {
  const notesOf = (userId: string, title: string) =>
    getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));

  it("assignment due: once to active students who have not handed in, not to those who did, cancelled ones or who turned reminders off", async () => {
    const now = new Date();
    // Due (start + 28 days) in 12 hours.
    const startsAt = new Date(now.getTime() - 28 * DAY + 12 * HOUR);
    const { student: pending, intake } = await enrolledStudent("Yemi Alade", startsAt);
    const addToIntake = async (name: string, status = "active") => {
      const user = await makeUser("customer", name);
      const [e] = await getDb().insert(enrolments).values({ userId: user.id, courseId, intakeId: intake.id, status }).returning();
      return { user, enrolment: e! };
    };
    const handedIn = await addToIntake("Sade Adu");
    const cancelled = await addToIntake("Dayo Ojo", "cancelled");
    const quiet = await addToIntake("Funke Akindele");
    await updatePreferences(quiet.user.id, { courseReminders: false });
    await submit(handedIn.user, { text: "Done early" });
    // An intake whose due date is three days away is not reminded yet.
    const { student: later } = await enrolledStudent("Later Student", new Date(now.getTime() - 25 * DAY));

    await Promise.all([
      assignmentDueReminders.run({ state: {}, startedAt: now, signal }),
      assignmentDueReminders.run({ state: {}, startedAt: now, signal }),
    ]);
    await assignmentDueReminders.run({ state: {}, startedAt: new Date(now.getTime() + HOUR), signal });

    const notes = await notesOf(pending.id, "Assignment due soon");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "course", priority: "high", link: `/academy/${SLUG}/assignments/${assignmentId}` });
    expect(notes[0]!.message).toMatch(/^“Design a 3 kVA home system” for Solar Installation Fundamentals is due on /);
    const mails = await getDb().select().from(outbox).where(eq(outbox.recipient, pending.email));
    expect(mails.filter((m) => m.kind === "notification:course")).toHaveLength(1);
    for (const who of [handedIn.user, cancelled.user, quiet.user, later])
      expect(await notesOf(who.id, "Assignment due soon")).toHaveLength(0);
  });

  it("live session: once to the intake's active students when it starts within the hour", async () => {
    const now = new Date();
    const { student, intake } = await enrolledStudent("Ada Live", new Date(now.getTime() + DAY));
    const other = await enrolledStudent("Not In This Intake", new Date(now.getTime() + DAY));
    await getDb()
      .insert(liveSessions)
      .values([
        {
          intakeId: intake.id,
          title: "Roof survey walkthrough",
          startsAt: new Date(now.getTime() + 40 * 60_000),
          durationMinutes: 90,
          place: "Zavolah Training Centre, Ikeja",
        },
        {
          intakeId: intake.id,
          title: "Next week's class",
          startsAt: new Date(now.getTime() + 3 * HOUR),
          durationMinutes: 90,
          place: "Online",
        },
      ]);
    await liveSessionReminders.run({ state: {}, startedAt: now, signal });
    await liveSessionReminders.run({ state: {}, startedAt: new Date(now.getTime() + 15 * 60_000), signal });
    const notes = await notesOf(student.id, "Live session starting soon");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain("“Roof survey walkthrough” (Solar Installation Fundamentals) starts on");
    expect(notes[0]!.message).toContain("Where: Zavolah Training Centre, Ikeja");
    expect(await notesOf(other.student.id, "Live session starting soon")).toHaveLength(0);
  });
});
