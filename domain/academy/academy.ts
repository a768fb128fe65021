import type { TCourseFilters } from "./academy-input";

export type { TCourseFilters } from "./academy-input";

// The academy's rules (docs/product/academy.md), shared by the catalogue, the course pages, the seed and the server.

export const COURSE_CATEGORIES = {
  solar: "Solar installation",
  storage: "Energy storage",
  furniture: "Smart furniture",
  ev: "EV charging",
  business: "Business and sales",
} as const;
export type TCourseCategory = keyof typeof COURSE_CATEGORIES;
export const COURSE_CATEGORY_KEYS = Object.keys(COURSE_CATEGORIES) as TCourseCategory[];

export const COURSE_LEVELS = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" } as const;
export type TCourseLevel = keyof typeof COURSE_LEVELS;
export const COURSE_LEVEL_KEYS = Object.keys(COURSE_LEVELS) as TCourseLevel[];

export const COURSE_PRICES = { free: "Free", paid: "Paid" } as const;
export type TCoursePrice = keyof typeof COURSE_PRICES;

export const COURSE_SORTS = {
  "next-intake": "Next intake",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  rating: "Top rated",
  newest: "Newest",
} as const;
export type TCourseSort = keyof typeof COURSE_SORTS;

export const COURSES_PER_PAGE = 12;

/** A course as the catalogue lists it. */
export type TCourseCard = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  category: TCourseCategory;
  level: TCourseLevel;
  durationWeeks: number;
  hoursPerWeek: number;
  priceKobo: number;
  imagePath: string | null;
  instructorName: string;
  rating: number | null;
  reviewCount: number;
  students: number;
  nextIntake: { startsAt: Date; enrolmentClosesAt: Date } | null;
};

/** The catalogue address for these filters, with only what differs from the defaults. */
export function academyHref(filters: Partial<TCourseFilters>): string {
  const q = new URLSearchParams();
  if (filters.q) q.set("q", filters.q);
  if (filters.category) q.set("category", filters.category);
  if (filters.level) q.set("level", filters.level);
  if (filters.price) q.set("price", filters.price);
  if (filters.sort && filters.sort !== "next-intake") q.set("sort", filters.sort);
  if (filters.page && filters.page > 1) q.set("page", String(filters.page));
  const s = q.toString();
  return s ? `/academy?${s}` : "/academy";
}

export function durationLabel(c: { durationWeeks: number; hoursPerWeek: number }): string {
  return `${c.durationWeeks} week${c.durationWeeks === 1 ? "" : "s"}, ${c.hoursPerWeek} h a week`;
}

export function ratingLabel(rating: number | null, reviewCount: number): string {
  if (rating === null || reviewCount === 0) return "New";
  return `${rating.toFixed(1)} (${reviewCount} review${reviewCount === 1 ? "" : "s"})`;
}

/** Whether one more person may enrol in an intake now, and if not, why (docs/product/academy.md#enrolment). */
export type TIntakeState = "open" | "closed" | "full";
export function intakeState(
  intake: { enrolmentClosesAt: Date; capacity: number | null },
  seatsTaken: number,
  now: Date = new Date(),
): TIntakeState {
  if (now.getTime() > intake.enrolmentClosesAt.getTime()) return "closed";
  if (intake.capacity !== null && seatsTaken >= intake.capacity) return "full";
  return "open";
}

export function seatsLeft(capacity: number | null, seatsTaken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - seatsTaken);
}

/** Completed lessons over all lessons, in whole percent (rounded down, so 100 means every lesson). */
export function progressPct(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((completed * 100) / total));
}

/** Correct answers over questions, in whole percent (rounded down). */
export function quizScorePct(answers: readonly number[], correct: readonly number[]): number {
  if (correct.length === 0) return 0;
  const right = correct.filter((c, i) => answers[i] === c).length;
  return Math.floor((right * 100) / correct.length);
}

export const CERTIFICATE_GRADES = ["Distinction", "Merit", "Pass"] as const;
export type TCertificateGrade = (typeof CERTIFICATE_GRADES)[number];

export function certificateGrade(scorePct: number): TCertificateGrade {
  if (scorePct >= 85) return "Distinction";
  if (scorePct >= 70) return "Merit";
  return "Pass";
}

/** What a certificate needs, and what is still missing (docs/product/academy.md#certificates). */
export type TCompletionFacts = {
  lessons: number;
  completedLessons: number;
  /** Best score of each quiz (null: never attempted) and whether it passed. */
  quizzes: { bestPct: number | null; passed: boolean }[];
  /** Each assignment: score (null until graded), maximum and pass score. */
  assignments: { score: number | null; maxScore: number; passScore: number }[];
};

export function completionScorePct(f: TCompletionFacts): number {
  const parts = [...f.quizzes.map((q) => q.bestPct ?? 0), ...f.assignments.map((a) => Math.floor(((a.score ?? 0) * 100) / a.maxScore))];
  if (parts.length === 0) return 100;
  return Math.floor(parts.reduce((s, p) => s + p, 0) / parts.length);
}

export function missingForCertificate(f: TCompletionFacts): string[] {
  const missing: string[] = [];
  const lessonsLeft = f.lessons - f.completedLessons;
  if (lessonsLeft > 0) missing.push(`${lessonsLeft} lesson${lessonsLeft === 1 ? "" : "s"} to complete`);
  const quizzesLeft = f.quizzes.filter((q) => !q.passed).length;
  if (quizzesLeft > 0) missing.push(`${quizzesLeft} quiz${quizzesLeft === 1 ? "" : "zes"} to pass`);
  const assignmentsLeft = f.assignments.filter((a) => a.score === null || a.score < a.passScore).length;
  if (assignmentsLeft > 0) missing.push(`${assignmentsLeft} assignment${assignmentsLeft === 1 ? "" : "s"} to pass`);
  return missing;
}

export function earnsCertificate(f: TCompletionFacts): boolean {
  return f.lessons > 0 && missingForCertificate(f).length === 0;
}

/** An assignment's due date for an intake: a number of days after it starts. */
export function assignmentDueAt(intakeStartsAt: Date, dueDaysAfterStart: number): Date {
  return new Date(intakeStartsAt.getTime() + dueDaysAfterStart * 86_400_000);
}

export type TSubmissionStatus = "not_submitted" | "submitted" | "late" | "graded";
export const SUBMISSION_STATUS_LABELS: Record<TSubmissionStatus, string> = {
  not_submitted: "Not submitted",
  submitted: "Submitted",
  late: "Late",
  graded: "Graded",
};

export function submissionStatus(s: { late: boolean; gradedAt: Date | null } | null): TSubmissionStatus {
  if (!s) return "not_submitted";
  if (s.gradedAt) return "graded";
  return s.late ? "late" : "submitted";
}

/** Certificate codes: 12 characters without look-alikes (no 0/O, 1/I/L), shown in groups of four. */
export const CERTIFICATE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CERTIFICATE_CODE_PATTERN =
  /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;

/** Assignment files (docs/product/academy.md#assignments): the kinds accepted, checked by content, and the size limit. */
export const SUBMISSION_FILE_KINDS = {
  pdf: { label: "PDF", contentType: "application/pdf", extensions: ["pdf"] },
  png: { label: "PNG", contentType: "image/png", extensions: ["png"] },
  jpg: { label: "JPEG", contentType: "image/jpeg", extensions: ["jpg", "jpeg"] },
  webp: { label: "WebP", contentType: "image/webp", extensions: ["webp"] },
  docx: {
    label: "DOCX",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
  },
  zip: { label: "ZIP", contentType: "application/zip", extensions: ["zip"] },
} as const;
export type TSubmissionFileKind = keyof typeof SUBMISSION_FILE_KINDS;
export const MAX_SUBMISSION_BYTES = 10 * 1024 * 1024;
export const SUBMISSION_ACCEPT = Object.values(SUBMISSION_FILE_KINDS)
  .flatMap((k) => k.extensions.map((e) => `.${e}`))
  .join(",");
export const MAX_SUBMISSION_TEXT = 20_000;
export const MAX_FEEDBACK_CHARS = 2000;
/** The grading queue's page size. */
export const GRADING_PAGE_SIZE = 20;

export { formatFileSize } from "../files/file-size";

/** The assignment page of a course. */
export const assignmentHref = (courseSlug: string, assignmentId: number) => `/academy/${courseSlug}/assignments/${assignmentId}`;
/** A submission's file, for its student and staff only. */
export const submissionFileHref = (submissionId: number) => `/academy/submissions/${submissionId}/file`;
