import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { koboToNairaInput, parseNairaToKobo } from "@domain/money/money";
import { lagosLocalToInstant } from "@domain/time/lagos-time";
import {
  ZCourseFields,
  ZIntakeNew,
  ZLessonNew,
  ZQuizQuestionNew,
  ZAssignmentNew,
  ZLiveSessionNew,
  ZIntakeEdit,
  ZAssignmentEdit,
  ZLiveSessionEdit,
  ZQuizQuestionEdit,
} from "@domain/academy/course-authoring-input";
import { updateQuizQuestion } from "./update-quiz-question";
import { updateIntake } from "./update-intake";
import { updateAssignment } from "./update-assignment";
import { updateLiveSession } from "./update-live-session";
import { parseThen, type TResult } from "@domain/errors/app-error";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { env } from "../env";
import { useTestDatabase } from "../../tests/support/test-database";
import { makeUser } from "../../tests/support/store-fixtures";
import { contentVersion } from "../http/page-cache";
import { sniffResource, sniffVideo } from "./academy-files";
import { addAssignment } from "./add-assignment";
import { addLiveSession } from "./add-live-session";
import { courseOfItem } from "./course-of-item";
import { addIntake } from "./add-intake";
import { addLesson } from "./add-lesson";
import { addLessonResource } from "./add-lesson-resource";
import { addModule } from "./add-module";
import { addQuizQuestion } from "./add-quiz-question";
import { createCourse } from "./create-course";
import { deleteAssignment } from "./delete-assignment";
import { deleteIntake } from "./delete-intake";
import { deleteLesson } from "./delete-lesson";
import { deleteLessonResource } from "./delete-lesson-resource";
import { deleteLiveSession } from "./delete-live-session";
import { deleteModule } from "./delete-module";
import { deleteQuizQuestion } from "./delete-quiz-question";
import { listStaffCourses } from "./list-staff-courses";
import { moveLesson } from "./move-lesson";
import { moveModule } from "./move-module";
import {
  assignments,
  courseIntakes,
  courseModules,
  courses,
  enrolments,
  lessonResources,
  lessons,
  liveSessions,
  quizQuestions,
  submissions,
} from "./schema";
import { setCourseStatus } from "./set-course-status";
import { updateCourse } from "./update-course";
import { uploadLessonVideo } from "./upload-lesson-video";

useTestDatabase();

const form = (over: Record<string, string> = {}) => ({
  title: "Solar Pumping for Farms",
  slug: `solar-pumping-${Math.random().toString(36).slice(2, 8)}`,
  summary: "Size and install solar water pumps for irrigation.",
  description: "## What you will do\n\nPump water with the sun.",
  category: "solar",
  level: "intermediate",
  durationWeeks: "4",
  hoursPerWeek: "5",
  price: "75,000",
  instructorName: "Engr. Tunde Bakare",
  instructorTitle: "Lead Solar Engineer",
  instructorBio: "Ten years of farm installations in Oyo and Kwara.",
  outcomes: "Size a pump\n- Wire a controller\n\n",
  passMarkPct: "60",
  ...over,
});

const ok = <T extends object>(r: TResult<T>) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.message}`);
  return r;
};

async function newCourse(staffRole: "staff" | "admin" = "staff", over: Record<string, string> = {}) {
  const staff = await makeUser(staffRole);
  const created = ok(await parseThen(ZCourseFields, form(over), [], (input) => createCourse(staff, input)));
  return { staff, courseId: created.courseId };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const lagosLocal = (d: Date) => new Date(d.getTime() + 3_600_000).toISOString().slice(0, 16);

describe("naira and Lagos times as staff type them", () => {
  it("reads prices in naira as kobo and refuses anything else", () => {
    expect(parseNairaToKobo("75,000")).toBe(7_500_000);
    expect(parseNairaToKobo("₦75,000.50")).toBe(7_500_050);
    expect(parseNairaToKobo("75000")).toBe(7_500_000);
    expect(parseNairaToKobo("0")).toBe(0);
    for (const bad of ["", "-5", "75,00", "7.5.0", "abc", "75.123", "1,2345"]) expect(parseNairaToKobo(bad)).toBeNull();
    expect(koboToNairaInput(7_500_050)).toBe("75,000.50");
  });

  it("reads a datetime-local value as Lagos time", () => {
    expect(lagosLocalToInstant("2026-12-01T09:00")!.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(lagosLocalToInstant("2026-02-31T09:00")).toBeNull();
    expect(lagosLocalToInstant("tomorrow")).toBeNull();
  });
});

describe("creating and editing a course", () => {
  it("creates a draft with the price in kobo and one outcome a line", async () => {
    const { courseId } = await newCourse();
    const [c] = await getDb().select().from(courses).where(eq(courses.id, courseId));
    expect(c).toMatchObject({ status: "draft", priceKobo: 7_500_000, outcomes: ["Size a pump", "Wire a controller"], publishedAt: null });
  });

  it("refuses a duplicate slug, a bad slug, a pass mark of 150 and a bad price, with nothing written", async () => {
    const staff = await makeUser("staff");
    const first = form();
    ok(await parseThen(ZCourseFields, first, [], (input) => createCourse(staff, input)));
    const before = (await getDb().select().from(courses)).length;

    const dup = await parseThen(ZCourseFields, form({ slug: first.slug }), [], (input) => createCourse(staff, input));
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error).toMatchObject({ status: 409, field: "slug" });

    const cases: [Record<string, string>, string, RegExp][] = [
      [{ slug: "Solar Pumps!" }, "slug", /lowercase/],
      [{ passMarkPct: "150" }, "passMarkPct", /between 0 and 100/],
      [{ price: "seventy" }, "price", /naira/],
      [{ price: "-100" }, "price", /naira/],
      [{ title: " " }, "title", /title/],
    ];
    for (const [over, field, message] of cases) {
      const r = await parseThen(ZCourseFields, form(over), Object.keys(ZCourseFields.shape), (input) => createCourse(staff, input));
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.status).toBe(400);
        expect(r.error.fieldErrors?.[field]).toMatch(message);
      }
    }
    expect((await getDb().select().from(courses)).length).toBe(before);
  });

  it("edits a course, keeps its own slug, refuses another course's slug", async () => {
    const { staff, courseId } = await newCourse();
    const other = await newCourse();
    const [otherSlug] = await getDb().select({ slug: courses.slug }).from(courses).where(eq(courses.id, other.courseId));
    const [mine] = await getDb().select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId));
    const v0 = contentVersion();
    ok(
      await updateCourse(staff, {
        courseId,
        ...ZCourseFields.parse(form({ slug: mine!.slug, title: "Solar Pumping, Revised", price: "0" })),
      }),
    );
    expect(contentVersion()).toBeGreaterThan(v0);
    const [after] = await getDb().select().from(courses).where(eq(courses.id, courseId));
    expect(after).toMatchObject({ title: "Solar Pumping, Revised", priceKobo: 0 });
    const clash = await updateCourse(staff, { courseId, ...ZCourseFields.parse(form({ slug: otherSlug!.slug })) });
    expect(clash.ok).toBe(false);
    const [still] = await getDb().select().from(courses).where(eq(courses.id, courseId));
    expect(still!.slug).toBe(mine!.slug);
  });

  it("refuses customers", async () => {
    const customer = await makeUser("customer");
    const r = await parseThen(ZCourseFields, form(), [], (input) => createCourse(customer, input));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.status).toBe(403);
    const { courseId } = await newCourse();
    const s = await setCourseStatus(customer, { courseId, status: "published" });
    expect(!s.ok && s.error.status).toBe(403);
  });
});

describe("publishing", () => {
  it("needs a lesson and an intake, sets published_at once, and audits each change", async () => {
    const { staff, courseId } = await newCourse("admin");
    const noContent = await setCourseStatus(staff, { courseId, status: "published" });
    expect(!noContent.ok && noContent.error.message).toBe("Add at least one lesson and one intake before publishing.");

    const mod = ok(await addModule(staff, { courseId, title: "Pumps and panels" }));
    ok(
      await parseThen(
        ZLessonNew,
        { moduleId: String(mod.moduleId), title: "Heads and flows", slug: "heads-and-flows", durationMinutes: "20" },
        [],
        (i) => addLesson(staff, i),
      ),
    );
    const noIntake = await setCourseStatus(staff, { courseId, status: "published" });
    expect(!noIntake.ok && noIntake.error.message).toBe("Add at least one intake before publishing.");

    ok(await addIntake(staff, { courseId, startsAt: inDays(30), enrolmentClosesAt: inDays(25), capacity: 20 }));
    ok(await setCourseStatus(staff, { courseId, status: "published" }));
    const [first] = await getDb().select().from(courses).where(eq(courses.id, courseId));
    expect(first!.status).toBe("published");
    expect(first!.publishedAt).toBeInstanceOf(Date);

    ok(await setCourseStatus(staff, { courseId, status: "archived" }));
    ok(await setCourseStatus(staff, { courseId, status: "published" }));
    const [again] = await getDb().select().from(courses).where(eq(courses.id, courseId));
    expect(again!.publishedAt!.getTime()).toBe(first!.publishedAt!.getTime());

    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "course"), eq(auditLog.resourceId, String(courseId))));
    expect(audits.map((a) => a.action)).toEqual(["academy.course.publish", "academy.course.unpublish", "academy.course.publish"]);

    const [intake] = await getDb().select().from(courseIntakes).where(eq(courseIntakes.courseId, courseId));
    const student = await makeUser("customer");
    await getDb().insert(enrolments).values({ userId: student.id, courseId, intakeId: intake!.id, progressPct: 40 });
    const listed = (await listStaffCourses()).find((c) => c.id === courseId)!;
    expect(listed).toMatchObject({ status: "published", students: 1, priceKobo: 7_500_000 });
    expect(listed.nextStart?.toISOString()).toBe(intake!.startsAt.toISOString());
  });
});

describe("modules and lessons", () => {
  it("reorders modules and lessons, refuses moving past the end, deletes only empty modules", async () => {
    const { staff, courseId } = await newCourse();
    const a = ok(await addModule(staff, { courseId, title: "A" }));
    const b = ok(await addModule(staff, { courseId, title: "B" }));
    ok(await moveModule(staff, { id: b.moduleId, direction: "up" }));
    const order = await getDb()
      .select({ title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(courseModules.position);
    expect(order.map((m) => m.title)).toEqual(["B", "A"]);
    expect((await moveModule(staff, { id: b.moduleId, direction: "up" })).ok).toBe(false);

    const lesson = (title: string, slug: string) =>
      parseThen(ZLessonNew, { moduleId: String(a.moduleId), title, slug, durationMinutes: "10", body: "Text", isPreview: "on" }, [], (i) =>
        addLesson(staff, i),
      );
    const l1 = ok(await lesson("One", "one"));
    ok(await lesson("Two", "two"));
    const dup = await lesson("Again", "one");
    expect(!dup.ok && dup.error.field).toBe("slug");
    ok(await moveLesson(staff, { id: l1.lessonId, direction: "down" }));
    const lessonOrder = await getDb()
      .select({ slug: lessons.slug, isPreview: lessons.isPreview })
      .from(lessons)
      .where(eq(lessons.moduleId, a.moduleId))
      .orderBy(lessons.position);
    expect(lessonOrder).toEqual([
      { slug: "two", isPreview: true },
      { slug: "one", isPreview: true },
    ]);

    const full = await deleteModule(staff, { moduleId: a.moduleId });
    expect(!full.ok && full.error.status).toBe(409);
    ok(await deleteLesson(staff, { lessonId: l1.lessonId }));
    expect(await getDb().select().from(lessons).where(eq(lessons.id, l1.lessonId))).toEqual([]);
    ok(await deleteModule(staff, { moduleId: b.moduleId }));
  });

  it("validates quizzes and assignments", async () => {
    const { staff, courseId } = await newCourse();
    const m = ok(await addModule(staff, { courseId, title: "M" }));
    const l = ok(
      await parseThen(ZLessonNew, { moduleId: String(m.moduleId), title: "Q", slug: "q", durationMinutes: "5" }, [], (i) =>
        addLesson(staff, i),
      ),
    );
    const tooFew = ZQuizQuestionNew.safeParse({ lessonId: String(l.lessonId), prompt: "Sun?", options: "Yes", correctOption: "1" });
    expect(tooFew.success).toBe(false);
    const outOfRange = ZQuizQuestionNew.safeParse({ lessonId: String(l.lessonId), prompt: "Sun?", options: "Yes\nNo", correctOption: "3" });
    expect(outOfRange.success).toBe(false);
    ok(
      await parseThen(
        ZQuizQuestionNew,
        { lessonId: String(l.lessonId), prompt: "Which way do panels face in Lagos?", options: "North\nSouth\nEast", correctOption: "2" },
        [],
        (i) => addQuizQuestion(staff, i),
      ),
    );
    const [q] = await getDb().select().from(quizQuestions);
    expect(q).toMatchObject({ options: ["North", "South", "East"], correctOption: 1 });
    // Edited in place: the same rules, the correct option counted from 1 in the form.
    const editQuestion = (over: Record<string, string>) =>
      parseThen(
        ZQuizQuestionEdit,
        { questionId: String(q!.id), prompt: "Which way do panels face in Lagos?", options: "North\nSouth", correctOption: "1", ...over },
        [],
        (i) => updateQuizQuestion(staff, i),
      );
    const notListed = await editQuestion({ correctOption: "3" });
    expect(!notListed.ok && notListed.error.message).toBe("The correct option must be one of the options listed");
    ok(await editQuestion({ options: "Due south, tilted about 7°\nNorth\nFlat", correctOption: "1" }));
    const [edited] = await getDb().select().from(quizQuestions).where(eq(quizQuestions.id, q!.id));
    expect(edited).toMatchObject({ options: ["Due south, tilted about 7°", "North", "Flat"], correctOption: 0 });

    const bad = ZAssignmentNew.safeParse({
      courseId: String(courseId),
      title: "Design",
      instructions: "Do it",
      maxScore: "50",
      passScore: "60",
      dueDaysAfterStart: "7",
    });
    expect(bad.success).toBe(false);
    ok(
      await parseThen(
        ZAssignmentNew,
        { courseId: String(courseId), title: "Design", instructions: "Do it", maxScore: "50", passScore: "30", dueDaysAfterStart: "7" },
        [],
        (i) => addAssignment(staff, i),
      ),
    );
  });
});

describe("intakes", () => {
  it("refuses a deadline after the start or in the past; stores Lagos times in UTC", async () => {
    const { staff, courseId } = await newCourse();
    const after = ZIntakeNew.safeParse({
      courseId: String(courseId),
      startsAt: "2030-03-01T09:00",
      enrolmentClosesAt: "2030-03-02T09:00",
      capacity: "",
    });
    expect(after.success).toBe(false);
    if (!after.success) expect(after.error.issues[0]!.message).toBe("The enrolment deadline must be on or before the start");

    const past = await parseThen(
      ZIntakeNew,
      { courseId: String(courseId), startsAt: lagosLocal(inDays(2)), enrolmentClosesAt: lagosLocal(inDays(-1)) },
      [],
      (i) => addIntake(staff, i),
    );
    expect(!past.ok && past.error.message).toBe("The enrolment deadline must be in the future");

    const zero = ZIntakeNew.safeParse({
      courseId: String(courseId),
      startsAt: "2030-03-01T09:00",
      enrolmentClosesAt: "2030-02-20T18:00",
      capacity: "0",
    });
    expect(zero.success).toBe(false);

    ok(
      await parseThen(
        ZIntakeNew,
        { courseId: String(courseId), startsAt: "2030-03-01T09:00", enrolmentClosesAt: "2030-03-01T09:00", capacity: "" },
        [],
        (i) => addIntake(staff, i),
      ),
    );
    const rows = await getDb().select().from(courseIntakes).where(eq(courseIntakes.courseId, courseId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt.toISOString()).toBe("2030-03-01T08:00:00.000Z");
    expect(rows[0]!.capacity).toBeNull();
  });
});

describe("editing intakes, assignments and live sessions", () => {
  it("moves an intake, keeps its seats above its students, and refuses a deadline moved into the past", async () => {
    const { staff, courseId } = await newCourse();
    const { intakeId } = ok(await addIntake(staff, { courseId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: 20 }));
    const student = await makeUser("customer");
    await getDb().insert(enrolments).values({ userId: student.id, courseId, intakeId });
    const edit = (over: Record<string, string>) =>
      parseThen(
        ZIntakeEdit,
        { intakeId: String(intakeId), startsAt: "2030-05-04T09:00", enrolmentClosesAt: "2030-05-01T18:00", capacity: "30", ...over },
        [],
        (i) => updateIntake(staff, i),
      );
    const zero = await edit({ capacity: "0" });
    expect(!zero.ok && zero.error.message).toBe("Give at least 1 seat, or leave empty for no limit");
    const past = await edit({ enrolmentClosesAt: lagosLocal(inDays(-1)) });
    expect(!past.ok && past.error.message).toBe("The enrolment deadline must be in the future");
    ok(await edit({}));
    const [row] = await getDb().select().from(courseIntakes).where(eq(courseIntakes.id, intakeId));
    expect(row).toMatchObject({ capacity: 30 });
    expect(row!.startsAt.toISOString()).toBe("2030-05-04T08:00:00.000Z");
  });

  it("refuses seats below the students enrolled", async () => {
    const { staff, courseId } = await newCourse();
    const { intakeId } = ok(await addIntake(staff, { courseId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: 20 }));
    for (const name of ["Bola Ige", "Ada Eze"]) {
      const student = await makeUser("customer", name);
      await getDb().insert(enrolments).values({ userId: student.id, courseId, intakeId });
    }
    const refused = await updateIntake(staff, { intakeId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: 1 });
    expect(!refused.ok && refused.error.message).toBe("2 students are enrolled: give at least 2 seats");
    const [row] = await getDb().select().from(courseIntakes).where(eq(courseIntakes.id, intakeId));
    expect(row!.capacity).toBe(20);
  });

  it("edits an assignment but never below a score already given, and edits a live session", async () => {
    const { staff, courseId } = await newCourse();
    ok(
      await parseThen(
        ZAssignmentNew,
        {
          courseId: String(courseId),
          title: "Size a home system",
          instructions: "Show your sums.",
          maxScore: "100",
          passScore: "60",
          dueDaysAfterStart: "14",
        },
        [],
        (a) => addAssignment(staff, a),
      ),
    );
    const [a] = await getDb().select().from(assignments).where(eq(assignments.courseId, courseId));
    const { intakeId } = ok(await addIntake(staff, { courseId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: null }));
    const student = await makeUser("customer");
    const [enrolment] = await getDb().insert(enrolments).values({ userId: student.id, courseId, intakeId }).returning();
    await getDb().insert(submissions).values({ assignmentId: a!.id, enrolmentId: enrolment!.id, text: "My sums", score: 85 });
    const edit = (over: Record<string, string>) =>
      parseThen(
        ZAssignmentEdit,
        {
          assignmentId: String(a!.id),
          title: "Size a home system",
          instructions: "Show every sum.",
          maxScore: "90",
          passScore: "50",
          dueDaysAfterStart: "21",
          ...over,
        },
        [],
        (x) => updateAssignment(staff, x),
      );
    const passAbove = await edit({ passScore: "95" });
    expect(!passAbove.ok && passAbove.error.message).toBe("The pass score cannot be above the maximum score");
    const belowGiven = await edit({ maxScore: "80", passScore: "50" });
    expect(!belowGiven.ok && belowGiven.error.message).toBe("A submission was already scored 85: the maximum cannot be lower");
    ok(await edit({}));
    const [after] = await getDb().select().from(assignments).where(eq(assignments.id, a!.id));
    expect(after).toMatchObject({ maxScore: 90, passScore: 50, dueDaysAfterStart: 21, instructions: "Show every sum." });

    ok(await addLiveSession(staff, { intakeId, title: "Live Q&A", startsAt: inDays(41), durationMinutes: 60, place: "Lekki" }));
    const [session] = await getDb().select().from(liveSessions).where(eq(liveSessions.intakeId, intakeId));
    ok(
      await parseThen(
        ZLiveSessionEdit,
        {
          sessionId: String(session!.id),
          title: "Live Q&A: batteries",
          startsAt: "2030-04-02T18:30",
          durationMinutes: "90",
          place: "https://meet.example.ng/zav",
        },
        [],
        (x) => updateLiveSession(staff, x),
      ),
    );
    const [moved] = await getDb().select().from(liveSessions).where(eq(liveSessions.id, session!.id));
    expect(moved).toMatchObject({ title: "Live Q&A: batteries", durationMinutes: 90 });
    expect(moved!.startsAt.toISOString()).toBe("2030-04-02T17:30:00.000Z");
  });
});

describe("uploads checked by content", () => {
  const webm = () => {
    // The EBML header of a WebM file: magic, then the "webm" doc type.
    const head = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from("webm")];
    return new File([new Uint8Array([...head, ...new Array(64).fill(0)])], "intro.webm", { type: "video/webm" });
  };

  it("stores a WebM under the data folder with a relative path and refuses a disguised file", async () => {
    const { staff, courseId } = await newCourse();
    const m = ok(await addModule(staff, { courseId, title: "M" }));
    const l = ok(
      await parseThen(ZLessonNew, { moduleId: String(m.moduleId), title: "V", slug: "v", durationMinutes: "5" }, [], (i) =>
        addLesson(staff, i),
      ),
    );

    const disguised = new File([Buffer.from("MZ this is an .exe, honest")], "lesson.mp4", { type: "video/mp4" });
    const refused = await uploadLessonVideo(staff, { lessonId: l.lessonId, file: disguised });
    expect(!refused.ok && refused.error).toMatchObject({ status: 400, message: "Upload an MP4 or WebM video", field: "video" });
    const [untouched] = await getDb().select({ v: lessons.videoPath }).from(lessons).where(eq(lessons.id, l.lessonId));
    expect(untouched!.v).toBeNull();

    ok(await uploadLessonVideo(staff, { lessonId: l.lessonId, file: webm() }));
    const [stored] = await getDb().select({ v: lessons.videoPath }).from(lessons).where(eq(lessons.id, l.lessonId));
    expect(stored!.v).toMatch(/^academy\/videos\/[\w-]+\.webm$/);
    expect(existsSync(resolve(env.DATA_DIR, stored!.v!))).toBe(true);

    const fakePdf = new File([Buffer.from("<html>not a pdf</html>")], "notes.pdf", { type: "application/pdf" });
    const badFile = await addLessonResource(staff, { lessonId: l.lessonId, title: "Notes", file: fakePdf });
    expect(!badFile.ok && badFile.error.status).toBe(400);
    ok(
      await addLessonResource(staff, {
        lessonId: l.lessonId,
        title: "Notes",
        file: new File([Buffer.from("%PDF-1.4\n%%EOF")], "notes.bin"),
      }),
    );
    const [res] = await getDb().select().from(lessonResources).where(eq(lessonResources.lessonId, l.lessonId));
    expect(res).toMatchObject({ title: "Notes", contentType: "application/pdf" });
    expect(res!.filePath).toMatch(/^academy\/resources\/[\w-]+\.pdf$/);
    expect(ok(await deleteLessonResource(staff, { resourceId: res!.id })).message).toBe('"Notes" was removed');
    expect(existsSync(resolve(env.DATA_DIR, res!.filePath))).toBe(false);
    const removed = await deleteLessonResource(staff, { resourceId: res!.id });
    expect(!removed.ok && removed.error.message).toBe("That file no longer exists.");

    ok(await deleteLesson(staff, { lessonId: l.lessonId }));
    expect(existsSync(resolve(env.DATA_DIR, stored!.v!))).toBe(false);
  });
});

describe("file kinds", () => {
  const zipWith = (name: string) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...Buffer.from(`....[Content_Types].xml....${name}`)]);

  it("tells Word, Excel and plain ZIP files apart and refuses others", () => {
    expect(sniffResource(zipWith("word/document.xml"))?.ext).toBe("docx");
    expect(sniffResource(zipWith("xl/workbook.xml"))?.ext).toBe("xlsx");
    expect(sniffResource(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))?.ext).toBe("zip");
    expect(sniffResource(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe("image/jpeg");
    expect(sniffResource(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffVideo(new Uint8Array([0, 0, 0, 0x18, ...Buffer.from("ftypmp42"), 0, 0]))?.ext).toBe("mp4");
    // Matroska that is not WebM, and a WebM name on text, are refused.
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...Buffer.from("matroska")]))).toBeNull();
    expect(sniffVideo(Buffer.from("webm webm webm"))).toBeNull();
  });
});

describe("live sessions", () => {
  it("adds a session to an intake in Lagos time and refuses an unknown intake", async () => {
    const { staff, courseId } = await newCourse();
    const intake = ok(await addIntake(staff, { courseId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: null }));
    ok(
      await parseThen(
        ZLiveSessionNew,
        {
          intakeId: String(intake.intakeId),
          title: "Live Q&A",
          startsAt: "2030-04-02T18:30",
          durationMinutes: "60",
          place: "https://meet.example.ng/zav",
        },
        [],
        (i) => addLiveSession(staff, i),
      ),
    );
    const [session] = await getDb().select().from(liveSessions).where(eq(liveSessions.intakeId, intake.intakeId));
    expect(session!.startsAt.toISOString()).toBe("2030-04-02T17:30:00.000Z");
    const unknown = await addLiveSession(staff, {
      intakeId: 999_999,
      title: "X",
      startsAt: inDays(3),
      durationMinutes: 60,
      place: "Lekki",
    });
    expect(!unknown.ok && unknown.error.status).toBe(404);
    const tooShort = ZLiveSessionNew.safeParse({
      intakeId: "1",
      title: "X",
      startsAt: "2030-04-02T18:30",
      durationMinutes: "5",
      place: "Lekki",
    });
    expect(tooShort.success).toBe(false);
  });
});

describe("the course of an item", () => {
  it("names the course a module, lesson or intake belongs to, and null for an unknown id", async () => {
    const { staff, courseId } = await newCourse();
    const m = ok(await addModule(staff, { courseId, title: "M" }));
    const l = ok(
      await parseThen(ZLessonNew, { moduleId: String(m.moduleId), title: "L", slug: "l", durationMinutes: "5" }, [], (i) =>
        addLesson(staff, i),
      ),
    );
    const i = ok(await addIntake(staff, { courseId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: null }));
    expect(await courseOfItem("module", m.moduleId)).toBe(courseId);
    expect(await courseOfItem("lesson", l.lessonId)).toBe(courseId);
    expect(await courseOfItem("intake", i.intakeId)).toBe(courseId);
    expect(await courseOfItem("lesson", 987_654)).toBeNull();
  });
});

describe("deleting intakes, assignments, live sessions and questions", () => {
  it("refuses what students hang on and what is gone, and audits each deletion with the row as it was", async () => {
    const { staff, courseId } = await newCourse();
    const { intakeId } = ok(await addIntake(staff, { courseId, startsAt: inDays(40), enrolmentClosesAt: inDays(35), capacity: null }));
    ok(await addLiveSession(staff, { intakeId, title: "Live Q&A", startsAt: inDays(41), durationMinutes: 60, place: "Lekki" }));
    const [session] = await getDb().select().from(liveSessions).where(eq(liveSessions.intakeId, intakeId));
    ok(
      await parseThen(
        ZAssignmentNew,
        { courseId: String(courseId), title: "Design", instructions: "Do it", maxScore: "50", passScore: "30", dueDaysAfterStart: "7" },
        [],
        (i) => addAssignment(staff, i),
      ),
    );
    const [assignment] = await getDb().select().from(assignments).where(eq(assignments.courseId, courseId));
    const m = ok(await addModule(staff, { courseId, title: "M" }));
    const l = ok(
      await parseThen(ZLessonNew, { moduleId: String(m.moduleId), title: "Q", slug: "q", durationMinutes: "5" }, [], (i) =>
        addLesson(staff, i),
      ),
    );
    ok(
      await parseThen(
        ZQuizQuestionNew,
        { lessonId: String(l.lessonId), prompt: "Does the sun rise in the east?", options: "Yes\nNo", correctOption: "1" },
        [],
        (i) => addQuizQuestion(staff, i),
      ),
    );
    const [question] = await getDb().select().from(quizQuestions).where(eq(quizQuestions.prompt, "Does the sun rise in the east?"));
    const student = await makeUser("customer");
    const [enrolment] = await getDb().insert(enrolments).values({ userId: student.id, courseId, intakeId }).returning();
    await getDb().insert(submissions).values({ assignmentId: assignment!.id, enrolmentId: enrolment!.id, text: "My sums" });

    const submitted = await deleteAssignment(staff, { assignmentId: assignment!.id });
    expect(!submitted.ok && submitted.error.message).toBe('Students have submitted work for "Design": it cannot be deleted.');
    const enrolled = await deleteIntake(staff, { intakeId });
    expect(!enrolled.ok && enrolled.error.message).toBe("Students have enrolled in this intake: it cannot be deleted.");
    expect(ok(await deleteLiveSession(staff, { sessionId: session!.id })).message).toBe('Live session "Live Q&A" was deleted');
    const gone = await deleteLiveSession(staff, { sessionId: session!.id });
    expect(!gone.ok && gone.error.status).toBe(404);
    expect(ok(await deleteQuizQuestion(staff, { questionId: question!.id })).message).toBe("The question was deleted");
    expect(await getDb().select().from(quizQuestions).where(eq(quizQuestions.id, question!.id))).toEqual([]);

    await getDb().delete(submissions).where(eq(submissions.enrolmentId, enrolment!.id));
    await getDb().delete(enrolments).where(eq(enrolments.id, enrolment!.id));
    ok(await deleteAssignment(staff, { assignmentId: assignment!.id }));
    ok(await deleteIntake(staff, { intakeId }));
    const audited = await getDb()
      .select({ action: auditLog.action, resourceType: auditLog.resourceType, resourceId: auditLog.resourceId, oldData: auditLog.oldData })
      .from(auditLog)
      .where(eq(auditLog.actorId, staff.id));
    expect(audited.filter((a) => a.action.endsWith(".delete"))).toEqual([
      {
        action: "academy.live_session.delete",
        resourceType: "live_session",
        resourceId: String(session!.id),
        oldData: expect.objectContaining({ title: "Live Q&A" }),
      },
      {
        action: "academy.quiz_question.delete",
        resourceType: "quiz_question",
        resourceId: String(question!.id),
        oldData: expect.objectContaining({ prompt: "Does the sun rise in the east?" }),
      },
      {
        action: "academy.assignment.delete",
        resourceType: "assignment",
        resourceId: String(assignment!.id),
        oldData: expect.objectContaining({ title: "Design" }),
      },
      {
        action: "academy.intake.delete",
        resourceType: "course_intake",
        resourceId: String(intakeId),
        oldData: expect.objectContaining({ id: intakeId }),
      },
    ]);
  });
});
