import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, refersTo, mayReferTo } from "../db/columns";
import { belongsToUser, mayReferToUser } from "../auth/schema";

// The academy (docs/product/academy.md): courses with modules and lessons, intakes with seats and an enrolment
// deadline, enrolments and their progress, quizzes, assignments, certificates and the learning activity log.

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** One or two sentences for the catalogue card. */
    summary: text("summary").notNull(),
    /** Markdown, sanitised when shown. */
    description: text("description").notNull(),
    category: text("category").notNull(),
    level: text("level").notNull(),
    durationWeeks: integer("duration_weeks").notNull(),
    hoursPerWeek: integer("hours_per_week").notNull(),
    /** 0 for a free course. */
    priceKobo: integer("price_kobo").notNull(),
    imagePath: text("image_path"),
    instructorName: text("instructor_name").notNull(),
    instructorTitle: text("instructor_title").notNull(),
    instructorBio: text("instructor_bio").notNull(),
    outcomes: jsonb("outcomes").$type<string[]>().notNull().default([]),
    /** Average quiz and assignment score a certificate needs, in percent. */
    passMarkPct: integer("pass_mark_pct").notNull().default(60),
    status: text("status").notNull().default("draft"),
    publishedAt: at("published_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("courses_status_idx").on(t.status, t.publishedAt),
    check("courses_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("courses_level_check", sql`${t.level} in ('beginner', 'intermediate', 'advanced')`),
    check("courses_price_check", sql`${t.priceKobo} >= 0`),
    check("courses_pass_mark_check", sql`${t.passMarkPct} between 0 and 100`),
    check("courses_duration_check", sql`${t.durationWeeks} > 0 and ${t.hoursPerWeek} > 0`),
  ],
);

/** A run of a course: when it starts, until when one may enrol, and how many seats it has (null: no limit). */
export const courseIntakes = pgTable(
  "course_intakes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: belongsTo("course_id", () => courses.id),
    startsAt: at("starts_at").notNull(),
    enrolmentClosesAt: at("enrolment_closes_at").notNull(),
    capacity: integer("capacity"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("course_intakes_course_idx").on(t.courseId, t.startsAt),
    check("course_intakes_capacity_check", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** Live classes of an intake, in a place or online. */
export const liveSessions = pgTable(
  "live_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    intakeId: belongsTo("intake_id", () => courseIntakes.id),
    title: text("title").notNull(),
    startsAt: at("starts_at").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** An address or a meeting link. */
    place: text("place").notNull(),
  },
  (t) => [index("live_sessions_intake_idx").on(t.intakeId, t.startsAt)],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: belongsTo("course_id", () => courses.id),
    position: integer("position").notNull(),
    title: text("title").notNull(),
  },
  (t) => [index("course_modules_course_idx").on(t.courseId, t.position)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: belongsTo("course_id", () => courses.id),
    moduleId: belongsTo("module_id", () => courseModules.id),
    position: integer("position").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Markdown, sanitised when shown. */
    body: text("body").notNull(),
    videoPath: text("video_path"),
    /** A smaller rendition for phones on mobile data. */
    videoLowPath: text("video_low_path"),
    posterPath: text("poster_path"),
    /** Open to anyone from the course page. */
    isPreview: boolean("is_preview").notNull().default(false),
  },
  (t) => [
    unique("lessons_course_slug_unique").on(t.courseId, t.slug),
    index("lessons_module_idx").on(t.moduleId, t.position),
    check("lessons_duration_check", sql`${t.durationMinutes} > 0`),
  ],
);

export const lessonResources = pgTable("lesson_resources", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  lessonId: belongsTo("lesson_id", () => lessons.id),
  title: text("title").notNull(),
  /** Under the academy's file folder, never served from public/. */
  filePath: text("file_path").notNull(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
});

/** A lesson's quiz: multiple choice, marked by the server. */
export const quizzes = pgTable(
  "quizzes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer("lesson_id")
      .notNull()
      .unique()
      .references(() => lessons.id, { onDelete: "cascade" }),
    passMarkPct: integer("pass_mark_pct").notNull().default(70),
    /** Null: as many attempts as the student needs. */
    maxAttempts: integer("max_attempts"),
  },
  (t) => [check("quizzes_pass_mark_check", sql`${t.passMarkPct} between 0 and 100`)],
);

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    quizId: belongsTo("quiz_id", () => quizzes.id),
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    options: jsonb("options").$type<string[]>().notNull(),
    correctOption: integer("correct_option").notNull(),
  },
  (t) => [index("quiz_questions_quiz_idx").on(t.quizId, t.position)],
);

/**
 * One student in one course. At most one enrolment that is not cancelled per student and course; a paid one
 * names the order line that paid for it, so a repeated payment message finds it instead of enrolling twice.
 */
export const enrolments = pgTable(
  "enrolments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    courseId: refersTo("course_id", () => courses.id),
    intakeId: refersTo("intake_id", () => courseIntakes.id),
    status: text("status").notNull().default("active"),
    /** The store order that paid for it (null for a free course or a staff enrolment). */
    orderId: uuid("order_id"),
    progressPct: integer("progress_pct").notNull().default(0),
    lastLessonId: mayReferTo("last_lesson_id", () => lessons.id),
    enrolledAt: atNow("enrolled_at"),
    completedAt: at("completed_at"),
    cancelledAt: at("cancelled_at"),
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    uniqueIndex("enrolments_one_live_unique")
      .on(t.userId, t.courseId)
      .where(sql`${t.status} <> 'cancelled'`),
    index("enrolments_course_idx").on(t.courseId, t.status),
    index("enrolments_intake_idx").on(t.intakeId, t.status),
    check("enrolments_status_check", sql`${t.status} in ('active', 'completed', 'cancelled')`),
    check("enrolments_progress_check", sql`${t.progressPct} between 0 and 100`),
  ],
);

export const lessonCompletions = pgTable(
  "lesson_completions",
  {
    enrolmentId: belongsTo("enrolment_id", () => enrolments.id),
    lessonId: belongsTo("lesson_id", () => lessons.id),
    completedAt: atNow("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.lessonId] })],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    enrolmentId: belongsTo("enrolment_id", () => enrolments.id),
    quizId: belongsTo("quiz_id", () => quizzes.id),
    answers: jsonb("answers").$type<number[]>().notNull(),
    scorePct: integer("score_pct").notNull(),
    passed: boolean("passed").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [index("quiz_attempts_enrolment_idx").on(t.enrolmentId, t.quizId)],
);

/** Due a number of days after the intake starts, so every intake gets its own dates. */
export const assignments = pgTable(
  "assignments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: belongsTo("course_id", () => courses.id),
    title: text("title").notNull(),
    instructions: text("instructions").notNull(),
    maxScore: integer("max_score").notNull(),
    /** The score a certificate needs on this assignment. */
    passScore: integer("pass_score").notNull(),
    dueDaysAfterStart: integer("due_days_after_start").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("assignments_course_idx").on(t.courseId),
    check("assignments_score_check", sql`${t.maxScore} > 0 and ${t.passScore} between 0 and ${t.maxScore}`),
  ],
);

/** A student's answer to an assignment; replaced on resubmission until it is graded or due. */
export const submissions = pgTable(
  "submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: belongsTo("assignment_id", () => assignments.id),
    enrolmentId: belongsTo("enrolment_id", () => enrolments.id),
    text: text("text"),
    filePath: text("file_path"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileBytes: integer("file_bytes"),
    submittedAt: atNow("submitted_at"),
    late: boolean("late").notNull().default(false),
    score: integer("score"),
    feedback: text("feedback"),
    gradedBy: mayReferToUser("graded_by"),
    gradedAt: at("graded_at"),
  },
  (t) => [
    unique("submissions_one_per_student").on(t.assignmentId, t.enrolmentId),
    index("submissions_ungraded_idx").on(t.gradedAt, t.submittedAt),
    check("submissions_has_work", sql`${t.text} is not null or ${t.filePath} is not null`),
  ],
);

/** One certificate per enrolment; the code is random (docs/product/academy.md#certificates). */
export const certificates = pgTable(
  "certificates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    enrolmentId: integer("enrolment_id")
      .notNull()
      .unique()
      .references(() => enrolments.id, { onDelete: "restrict" }),
    userId: belongsToUser("user_id"),
    courseId: refersTo("course_id", () => courses.id),
    studentName: text("student_name").notNull(),
    courseTitle: text("course_title").notNull(),
    scorePct: integer("score_pct").notNull(),
    grade: text("grade").notNull(),
    issuedAt: atNow("issued_at"),
    revokedAt: at("revoked_at"),
    revokedReason: text("revoked_reason"),
    /** The holder's data was deleted at their request (docs/product/privacy-requests.md): the name is gone, the award stays. */
    nameRemovedAt: at("name_removed_at"),
  },
  (t) => [index("certificates_user_idx").on(t.userId)],
);

/** The student's timeline: enrolments, completions, submissions, grades and certificates. */
export const learningActivities = pgTable(
  "learning_activities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    courseId: belongsTo("course_id", () => courses.id),
    type: text("type").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    createdAt: atNow("created_at"),
  },
  (t) => [index("learning_activities_user_idx").on(t.userId, t.createdAt)],
);

/** Reviews by enrolled students; the catalogue's rating is their average. */
export const courseReviews = pgTable(
  "course_reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: belongsTo("course_id", () => courses.id),
    userId: belongsToUser("user_id"),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [
    unique("course_reviews_one_per_student").on(t.courseId, t.userId),
    check("course_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/** "Remind me" on a course page: the course deadline reminder goes to these people if they have not enrolled. */
export const courseInterests = pgTable(
  "course_interests",
  {
    userId: belongsToUser("user_id"),
    courseId: belongsTo("course_id", () => courses.id),
    createdAt: atNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);
