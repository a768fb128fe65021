// Slugs: the readable last part of a page's address (a course, a station, a blog post, a listing).

/** Lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A title as a slug: lowercase ASCII words joined by hyphens, accents dropped and "&" read as "and", at most 80
 * characters ("Solar & Smart Furniture — Òṣogbo" -> "solar-and-smart-furniture-osogbo"); "" when nothing is left.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
