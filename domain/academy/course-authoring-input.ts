import { z } from "zod";
import { namedText, slugText } from "../text/text-input";
import { COURSE_CATEGORY_KEYS, COURSE_LEVEL_KEYS, type TCourseCategory, type TCourseLevel } from "./academy";
import { lagosLocalToInstant } from "../time/lagos-time";
import { MAX_COURSE_PRICE_NAIRA, QUIZ_OPTIONS_MAX, QUIZ_OPTIONS_MIN } from "./course-authoring";
import { parseNairaToKobo } from "../money/money";

// The staff academy forms as the server reads them (docs/product/academy.md#staff-authoring).

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} must be at most ${max} characters`)
    .optional()
    .transform((s) => s ?? "");

/** A whole number typed in a form, between min and max. */
const whole = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .regex(/^-?\d+$/, `The ${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `The ${label} must be between ${min} and ${max}`).max(max, `The ${label} must be between ${min} and ${max}`));

/** A limit typed in a form: a whole number from 1 to max, or left empty for no limit (null). */
const wholeOrNoLimit = (max: number, messages: { notWhole: string; belowOne: string; aboveMax: string }) =>
  z
    .string()
    .trim()
    .optional()
    .transform((s) => s ?? "")
    .pipe(
      z.union([
        z.literal("").transform(() => null),
        z
          .string()
          .regex(/^\d+$/, messages.notWhole)
          .transform(Number)
          .pipe(z.number().min(1, messages.belowOne).max(max, messages.aboveMax)),
      ]),
    );

export const id = (what: string) =>
  z.coerce
    .number({ error: `Unknown ${what}` })
    .int(`Unknown ${what}`)
    .positive(`Unknown ${what}`)
    .max(2_147_483_647, `Unknown ${what}`);

/** An id from an address or a form, or null when it is none (an id that does not parse belongs to nothing). */
export function idOrNull(what: string, value: unknown): number | null {
  const parsed = id(what).safeParse(value);
  return parsed.success ? parsed.data : null;
}

const checkbox = z
  .string()
  .optional()
  .transform((s) => s === "on" || s === "1" || s === "true");

const slug = slugText("solar-basics");

export const ZCourseFields = z.object({
  title: namedText("title", 120),
  slug,
  summary: namedText("summary", 300),
  description: optionalText("description", 20_000),
  category: z.enum(COURSE_CATEGORY_KEYS as [TCourseCategory, ...TCourseCategory[]], { error: "Choose a category" }),
  level: z.enum(COURSE_LEVEL_KEYS as [TCourseLevel, ...TCourseLevel[]], { error: "Choose a level" }),
  durationWeeks: whole("length in weeks", 1, 104),
  hoursPerWeek: whole("hours a week", 1, 80),
  price: z
    .string({ error: "Enter the price" })
    .trim()
    .min(1, "Enter the price (0 for a free course)")
    .transform((s, ctx) => {
      const kobo = parseNairaToKobo(s);
      if (kobo === null) {
        ctx.addIssue({ code: "custom", message: "Type the price in naira, like 75,000 (0 for a free course)" });
        return z.NEVER;
      }
      if (kobo > MAX_COURSE_PRICE_NAIRA * 100) {
        ctx.addIssue({ code: "custom", message: "The price must be at most ₦10,000,000" });
        return z.NEVER;
      }
      return kobo;
    }),
  instructorName: namedText("instructor's name", 120),
  instructorTitle: optionalText("instructor's title", 120),
  instructorBio: optionalText("instructor's biography", 2_000),
  outcomes: z
    .string()
    .optional()
    .transform((s) =>
      (s ?? "")
        .split(/\r?\n/)
        .map((l) => l.replace(/^[-*•]\s*/, "").trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(200, "Each outcome must be at most 200 characters")).max(20, "List at most 20 outcomes")),
  passMarkPct: whole("pass mark", 0, 100),
});
export type TCourseFields = z.output<typeof ZCourseFields>;

export const ZCourseEdit = ZCourseFields.extend({ courseId: id("course") });
export type TCourseEdit = z.output<typeof ZCourseEdit>;

export const ZCourseStatusChange = z.object({
  courseId: id("course"),
  status: z.enum(["draft", "published", "archived"], { error: "Unknown status" }),
});
export type TCourseStatusChange = z.output<typeof ZCourseStatusChange>;

export const ZModuleNew = z.object({ courseId: id("course"), title: namedText("module title", 120) });
export const ZModuleRename = z.object({ moduleId: id("module"), title: namedText("module title", 120) });
export const ZMove = z.object({ id: id("item"), direction: z.enum(["up", "down"], { error: "Choose up or down" }) });
export const ZModuleRef = z.object({ moduleId: id("module") });
export type TModuleNew = z.output<typeof ZModuleNew>;
export type TModuleRename = z.output<typeof ZModuleRename>;
export type TMove = z.output<typeof ZMove>;

const lessonFields = {
  title: namedText("lesson title", 160),
  slug,
  durationMinutes: whole("minutes", 1, 600),
  body: optionalText("lesson text", 50_000),
  isPreview: checkbox,
};
export const ZLessonNew = z.object({ moduleId: id("module"), ...lessonFields });
export const ZLessonEdit = z.object({ lessonId: id("lesson"), ...lessonFields });
export const ZLessonRef = z.object({ lessonId: id("lesson") });
export type TLessonNew = z.output<typeof ZLessonNew>;
export type TLessonEdit = z.output<typeof ZLessonEdit>;

export const ZResourceNew = z.object({ lessonId: id("lesson"), title: namedText("resource title", 160) });
export const ZResourceRef = z.object({ resourceId: id("resource") });

export const ZQuizSettings = z.object({
  lessonId: id("lesson"),
  passMarkPct: whole("quiz pass mark", 0, 100),
  maxAttempts: wholeOrNoLimit(50, {
    notWhole: "Attempts must be a whole number, or empty for no limit",
    belowOne: "Allow at least 1 attempt, or leave empty for no limit",
    aboveMax: "Allow at most 50 attempts",
  }),
});
export type TQuizSettings = z.output<typeof ZQuizSettings>;

const questionFields = {
  prompt: namedText("question", 500),
  options: z
    .string()
    .optional()
    .transform((s) =>
      (s ?? "")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(200, "Each option must be at most 200 characters"))
        .min(QUIZ_OPTIONS_MIN, `Give ${QUIZ_OPTIONS_MIN} to ${QUIZ_OPTIONS_MAX} options, one per line`)
        .max(QUIZ_OPTIONS_MAX, `Give ${QUIZ_OPTIONS_MIN} to ${QUIZ_OPTIONS_MAX} options, one per line`),
    ),
  correctOption: whole("correct option", 1, QUIZ_OPTIONS_MAX),
};
const correctIsListed = (q: { correctOption: number; options: string[] }) => q.correctOption <= q.options.length;
const CORRECT_NOT_LISTED = {
  message: "The correct option must be one of the options listed",
  path: ["correctOption"],
};
export const ZQuizQuestionNew = z.object({ lessonId: id("lesson"), ...questionFields }).refine(correctIsListed, CORRECT_NOT_LISTED);
export type TQuizQuestionNew = z.output<typeof ZQuizQuestionNew>;
export const ZQuizQuestionRef = z.object({ questionId: id("question") });
export const ZQuizQuestionEdit = z.object({ questionId: id("question"), ...questionFields }).refine(correctIsListed, CORRECT_NOT_LISTED);
export type TQuizQuestionEdit = z.output<typeof ZQuizQuestionEdit>;

const assignmentFields = {
  title: namedText("assignment title", 160),
  instructions: namedText("instructions", 10_000),
  maxScore: whole("maximum score", 1, 1000),
  passScore: whole("pass score", 0, 1000),
  dueDaysAfterStart: whole("due days after the start", 0, 730),
};
const passNotAboveMax = (a: { passScore: number; maxScore: number }) => a.passScore <= a.maxScore;
const PASS_ABOVE_MAX = { message: "The pass score cannot be above the maximum score", path: ["passScore"] };
export const ZAssignmentNew = z.object({ courseId: id("course"), ...assignmentFields }).refine(passNotAboveMax, PASS_ABOVE_MAX);
export type TAssignmentNew = z.output<typeof ZAssignmentNew>;
export const ZAssignmentRef = z.object({ assignmentId: id("assignment") });
/** Editing an assignment: the same fields, for the assignment named (docs/product/academy.md#staff-authoring). */
export const ZAssignmentEdit = z.object({ assignmentId: id("assignment"), ...assignmentFields }).refine(passNotAboveMax, PASS_ABOVE_MAX);
export type TAssignmentEdit = z.output<typeof ZAssignmentEdit>;

const lagosTime = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .transform((s, ctx) => {
      const d = lagosLocalToInstant(s);
      if (!d) {
        ctx.addIssue({ code: "custom", message: `Enter the ${label} as a date and time` });
        return z.NEVER;
      }
      return d;
    });

const intakeFields = {
  startsAt: lagosTime("start"),
  enrolmentClosesAt: lagosTime("enrolment deadline"),
  capacity: wholeOrNoLimit(10_000, {
    notWhole: "Seats must be a whole number, or empty for no limit",
    belowOne: "Give at least 1 seat, or leave empty for no limit",
    aboveMax: "At most 10,000 seats",
  }),
};
const deadlineNotAfterStart = (i: { enrolmentClosesAt: Date; startsAt: Date }) => i.enrolmentClosesAt.getTime() <= i.startsAt.getTime();
const DEADLINE_AFTER_START = { message: "The enrolment deadline must be on or before the start", path: ["enrolmentClosesAt"] };
export const ZIntakeNew = z.object({ courseId: id("course"), ...intakeFields }).refine(deadlineNotAfterStart, DEADLINE_AFTER_START);
export type TIntakeNew = z.output<typeof ZIntakeNew>;
export const ZIntakeRef = z.object({ intakeId: id("intake") });
/** Editing an intake: start, deadline and seats of the intake named. */
export const ZIntakeEdit = z.object({ intakeId: id("intake"), ...intakeFields }).refine(deadlineNotAfterStart, DEADLINE_AFTER_START);
export type TIntakeEdit = z.output<typeof ZIntakeEdit>;

export const ZLiveSessionNew = z.object({
  intakeId: id("intake"),
  title: namedText("session title", 160),
  startsAt: lagosTime("session start"),
  durationMinutes: whole("length in minutes", 10, 600),
  place: namedText("place or meeting link", 300),
});
export type TLiveSessionNew = z.output<typeof ZLiveSessionNew>;
export const ZLiveSessionRef = z.object({ sessionId: id("live session") });
export const ZLiveSessionEdit = ZLiveSessionNew.omit({ intakeId: true }).extend({ sessionId: id("live session") });
export type TLiveSessionEdit = z.output<typeof ZLiveSessionEdit>;
