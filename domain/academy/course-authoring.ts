// Staff authoring rules for courses (docs/product/academy.md#staff-authoring), shared by the forms and the server.
// Pure: no zod here, so the staff pages can use these without shipping zod to the browser.

// Moved to the shared money and time rules; kept importable from here for the forms that use them.
export { parseNairaToKobo } from "../money/money";
export { lagosLocalToInstant } from "../time/lagos-time";

export const COURSE_STATUSES = { draft: "Draft", published: "Published", archived: "Archived" } as const;
export type TCourseStatus = keyof typeof COURSE_STATUSES;

/** Lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A title as a slug suggestion: "Solar 101: Basics" -> "solar-101-basics". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** The largest course price staff may type: ₦10,000,000. */
export const MAX_COURSE_PRICE_NAIRA = 10_000_000;

/** Kobo as the price field shows it: 7500000 -> "75,000", 7500050 -> "75,000.50". */
export function koboToNairaInput(kobo: number): string {
  const naira = Math.floor(kobo / 100).toLocaleString("en-NG");
  const rest = kobo % 100;
  return rest ? `${naira}.${String(rest).padStart(2, "0")}` : naira;
}

/** An instant as a datetime-local value in Lagos time, for a field's default. */
export function instantToLagosLocal(d: Date | string): string {
  return new Date(new Date(d).getTime() + 3_600_000).toISOString().slice(0, 16);
}

/** Why a course cannot be published yet, or null when it can (docs/product/academy.md#staff-authoring). */
export function publishBlocker(c: { lessons: number; intakes: number }): string | null {
  if (c.lessons === 0 && c.intakes === 0) return "Add at least one lesson and one intake before publishing.";
  if (c.lessons === 0) return "Add at least one lesson before publishing.";
  if (c.intakes === 0) return "Add at least one intake before publishing.";
  return null;
}

export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_RESOURCE_BYTES = 25 * 1024 * 1024;
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 6;
