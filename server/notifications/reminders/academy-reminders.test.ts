import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addIntake, createTestCourse, enrol } from "../../../tests/support/certificate-fixtures";
import { makeUser } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { rememberCourseInterest } from "../../academy/remember-course-interest";
import { courseInterests, courses } from "../../academy/schema";
import { users } from "../../auth/schema";
import { getDb } from "../../db/client";
import { notifications } from "../schema";
import { updatePreferences } from "../update-preferences";
import { academyAnnouncementReminders } from "./academy-announcement-reminders";
import { courseDeadlineReminders } from "./course-deadline-reminders";

useTestDatabase();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const signal = new AbortController().signal;
const notesOf = (userId: string, type: "course_deadline" | "academy_announcement") =>
  getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe("Remind me", () => {
  it("records the interest once however often it is asked, and refuses a course that is not open", async () => {
    const visitor = await makeUser("customer", "Ngozi Okafor");
    const { course } = await createTestCourse();
    expect(await rememberCourseInterest(visitor.id, course.id)).toEqual({ ok: true, courseTitle: course.title });
    expect(await rememberCourseInterest(visitor.id, course.id)).toEqual({ ok: true, courseTitle: course.title });
    expect(await getDb().select().from(courseInterests).where(eq(courseInterests.userId, visitor.id))).toHaveLength(1);

    const { course: draft } = await createTestCourse({ status: "draft" });
    for (const id of [draft.id, 999_999]) {
      const refused = await rememberCourseInterest(visitor.id, id);
      expect(!refused.ok && [refused.error.status, refused.error.message]).toEqual([404, "This course is not open."]);
    }
    expect(await getDb().select().from(courseInterests).where(eq(courseInterests.userId, visitor.id))).toHaveLength(1);
  });
});

describe("course deadline reminders", () => {
  it("remind interested people who have not enrolled, once per intake, only when the next deadline is at most 3 days away", async () => {
    const now = new Date();
    const interested = await makeUser("customer", "Chidinma Eze");
    const enrolled = await makeUser("customer", "Tunde Bakare");
    const quiet = await makeUser("customer", "Segun Ade");
    const bystander = await makeUser("customer", "Bola Lawal");
    await updatePreferences(quiet.id, { courseReminders: false });

    const soon = await createTestCourse({ title: "Battery Storage Design", closesAt: new Date(now.getTime() + 2.5 * DAY) });
    const urgent = await createTestCourse({ title: "EV Charger Installation", closesAt: new Date(now.getTime() + 20 * HOUR) });
    const later = await createTestCourse({ title: "Selling Solar", closesAt: new Date(now.getTime() + 3 * DAY + HOUR) });
    // A closed intake does not count: the next open one is 2 days away.
    const reopened = await createTestCourse({ title: "Smart Furniture Assembly", closesAt: new Date(now.getTime() - DAY) });
    const reopenedNext = await addIntake(reopened.course.id, new Date(now.getTime() + 2 * DAY));
    const draft = await createTestCourse({ title: "Draft Course", status: "draft", closesAt: new Date(now.getTime() + DAY) });

    for (const c of [soon, urgent, later, reopened, draft]) {
      for (const u of [interested, enrolled, quiet]) await rememberCourseInterest(u.id, c.course.id).catch(() => null);
    }
    await getDb().insert(courseInterests).values({ userId: interested.id, courseId: draft.course.id }).onConflictDoNothing();
    await enrol(enrolled.id, soon.course.id, soon.intake.id);
    await enrol(enrolled.id, urgent.course.id, urgent.intake.id);
    await enrol(enrolled.id, reopened.course.id, reopenedNext.id);

    // Run twice, once concurrently with itself: still one reminder per person and intake.
    await Promise.all([
      courseDeadlineReminders.run({ state: {}, startedAt: now, signal }),
      courseDeadlineReminders.run({ state: {}, startedAt: now, signal }),
    ]);
    await courseDeadlineReminders.run({ state: {}, startedAt: new Date(now.getTime() + 1000), signal });

    const notes = await notesOf(interested.id, "course_deadline");
    const byCourse = Object.fromEntries(notes.map((n) => [(n.metadata as { courseName: string }).courseName, n]));
    expect(Object.keys(byCourse).sort()).toEqual(["Battery Storage Design", "EV Charger Installation", "Smart Furniture Assembly"]);
    expect(notes).toHaveLength(3);
    expect(byCourse["EV Charger Installation"]!.priority).toBe("high");
    expect(byCourse["EV Charger Installation"]!.message).toBe(
      `Enrolment for EV Charger Installation closes on ${formatLagosDateTimeLong(urgent.intake.enrolmentClosesAt)}, within a day. Enrol now to keep your seat.`,
    );
    expect(byCourse["Battery Storage Design"]!.priority).toBe("medium");
    expect(byCourse["Battery Storage Design"]!.message).toContain(
      `closes on ${formatLagosDateTimeLong(soon.intake.enrolmentClosesAt)}, in 3 days`,
    );
    expect(byCourse["Battery Storage Design"]!.link).toBe(`/academy/${soon.course.slug}`);
    expect((byCourse["Smart Furniture Assembly"]!.metadata as { intakeId: number }).intakeId).toBe(reopenedNext.id);

    expect(await notesOf(enrolled.id, "course_deadline")).toHaveLength(0);
    expect(await notesOf(quiet.id, "course_deadline")).toHaveLength(0);
    expect(await notesOf(bystander.id, "course_deadline")).toHaveLength(0);

    // A new intake of the same course is a new item: reminded again before its own deadline.
    const nextRun = new Date(now.getTime() + 3 * DAY);
    await addIntake(soon.course.id, new Date(nextRun.getTime() + 2 * DAY));
    await courseDeadlineReminders.run({ state: {}, startedAt: nextRun, signal });
    const battery = (await notesOf(interested.id, "course_deadline")).filter(
      (n) => (n.metadata as { courseName: string }).courseName === "Battery Storage Design",
    );
    expect(battery).toHaveLength(2);
  });
});

describe("academy announcements", () => {
  it("announce up to 10 newly published courses once to everyone who allows academy announcements, and move the mark", async () => {
    const now = new Date(Date.now() + DAY); // after every course the other tests made
    const reader = await makeUser("customer", "Kemi Adeyemi");
    const off = await makeUser("customer", "Emeka Obi");
    await updatePreferences(off.id, { academyAnnouncements: false });
    await getDb()
      .update(users)
      .set({ createdAt: new Date(now.getTime() - 30 * DAY) });
    const mark = new Date(now.getTime() - 6 * HOUR);
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(await createTestCourse({ title: `New Course ${i}`, publishedAt: new Date(mark.getTime() + (i + 1) * 60_000) }));
    await createTestCourse({ title: "Old Course", publishedAt: new Date(mark.getTime() - DAY) });
    const unpublished = await createTestCourse({ title: "Draft Course", status: "draft", publishedAt: new Date(mark.getTime() + HOUR) });
    await getDb().update(courses).set({ publishedAt: null }).where(eq(courses.id, unpublished.course.id));

    const state = await academyAnnouncementReminders.run({ state: { lastCourseCheck: mark.toISOString() }, startedAt: now, signal });
    expect(state).toEqual({ lastCourseCheck: now.toISOString() });
    await academyAnnouncementReminders.run({ state: { lastCourseCheck: mark.toISOString() }, startedAt: now, signal });

    const notes = await notesOf(reader.id, "academy_announcement");
    expect(notes).toHaveLength(10);
    expect(notes.map((n) => n.title).every((t) => t === "New at Zavolah Academy")).toBe(true);
    expect(notes.map((n) => n.message.split(".")[0]).sort()).toEqual(
      made
        .slice(2)
        .map((m) => `New course: ${m.course.title}`)
        .sort(),
    );
    expect(await notesOf(off.id, "academy_announcement")).toHaveLength(0);

    // The next run, from the new mark, finds nothing new.
    await academyAnnouncementReminders.run({ state: state!, startedAt: new Date(now.getTime() + 6 * HOUR), signal });
    expect(await notesOf(reader.id, "academy_announcement")).toHaveLength(10);
  });
});
