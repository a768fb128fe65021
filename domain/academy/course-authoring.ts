// Staff authoring rules for courses (docs/product/academy.md#staff-authoring), shared by the forms and the server.
// Pure: no zod here, so the staff pages can use these without shipping zod to the browser.

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

/**
 * "75,000", "₦75,000.50", "75000" or "0" as kobo; null when it is not a naira amount. Kobo beyond two places,
 * negative numbers and letters are refused rather than guessed at.
 */
export function parseNairaToKobo(typed: string): number | null {
  const s = typed.replace(/[₦\s]/g, "").replace(/^NGN/i, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.replace(/,/g, "").split(".");
  const kobo = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** Kobo as the price field shows it: 7500000 -> "75,000", 7500050 -> "75,000.50". */
export function koboToNairaInput(kobo: number): string {
  const naira = Math.floor(kobo / 100).toLocaleString("en-NG");
  const rest = kobo % 100;
  return rest ? `${naira}.${String(rest).padStart(2, "0")}` : naira;
}

/**
 * A time typed in a datetime-local field ("2026-12-01T09:00"), read as Lagos time (UTC+1, no daylight saving),
 * as the instant; null when it is not such a time.
 */
export function lagosLocalToInstant(typed: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(typed.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00+01:00`);
  if (Number.isNaN(d.getTime())) return null;
  // Refuse dates the calendar rolls over (2026-02-31).
  const back = new Date(d.getTime() + 3_600_000).toISOString();
  return back.slice(0, 16) === `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` ? d : null;
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
