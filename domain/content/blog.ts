// Blog rules shared by the admin form (labels, image choices) and the server use cases (validation, slugs).

export const BLOG_PAGE_SIZE = 9;
export const BLOG_STATUSES = ["draft", "published", "archived"] as const;
export type TBlogStatus = (typeof BLOG_STATUSES)[number];

/** Featured images a post may use: project SVGs in public/images/blog/, 1200x630 like the social card. */
export const BLOG_IMAGES = [
  { path: "/images/blog/inverter-sizing.svg", label: "Inverter and battery beside a house" },
  { path: "/images/blog/battery-comparison.svg", label: "Lithium and tubular batteries side by side" },
  { path: "/images/blog/smart-studio.svg", label: "Wall bed and desk in a studio flat" },
  { path: "/images/blog/solar-clinic.svg", label: "Solar panels on a clinic roof" },
  { path: "/images/blog/ev-charging.svg", label: "Electric car at a solar charging station" },
  { path: "/images/blog/solar-home.svg", label: "Solar panels on a family home at sunset" },
] as const;
export const BLOG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function blogImage(path: string | null | undefined) {
  return BLOG_IMAGES.find((i) => i.path === path) ?? null;
}

/** A tag: lowercase words of letters and digits joined by hyphens. */
export const TAG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Solar, inverters , solar" -> ["solar", "inverters"]: lower-cased, trimmed, de-duplicated. */
export function parseTags(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(",")
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** Plain-text content to paragraphs: blank lines separate them; single line breaks stay inside one. */
export function toParagraphs(content: string): string[] {
  return content
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** ?page= as a page number from 1; anything else is page 1. */
export function parsePage(raw: string | null): number {
  const n = raw && /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

/** ?tag= as a valid tag or null. */
export function parseTagFilter(raw: string | null): string | null {
  const t = raw?.trim().toLowerCase() ?? "";
  return t && t.length <= 30 && TAG.test(t) ? t : null;
}
