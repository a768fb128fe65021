// Staff authoring rules for courses (docs/product/academy.md#staff-authoring), shared by the forms and the server.
// Pure: no zod here, so the staff pages can use these without shipping zod to the browser.

export const COURSE_STATUSES = { draft: "Draft", published: "Published", archived: "Archived" } as const;
export type TCourseStatus = keyof typeof COURSE_STATUSES;

/** The largest course price staff may type: ₦10,000,000. */
export const MAX_COURSE_PRICE_NAIRA = 10_000_000;

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
