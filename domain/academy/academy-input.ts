import { z } from "zod";
import {
  COURSE_CATEGORY_KEYS,
  COURSE_LEVEL_KEYS,
  COURSE_SORTS,
  type TCourseCategory,
  type TCourseLevel,
  type TCourseSort,
} from "./academy";

// The catalogue's filters as the server reads them (docs/product/academy.md#catalogue); apart from academy.ts so
// pages that only show courses do not ship zod to the browser.

/**
 * /academy?q=&category=&level=&price=free|paid&sort=&page=. Every field falls back to its default on its own, so a
 * shared link with a typo still shows the catalogue.
 */
export const ZCourseFilters = z.object({
  q: z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, 100) || null)
    .nullable()
    .catch(null),
  category: z
    .enum(COURSE_CATEGORY_KEYS as [TCourseCategory, ...TCourseCategory[]])
    .nullable()
    .catch(null),
  level: z
    .enum(COURSE_LEVEL_KEYS as [TCourseLevel, ...TCourseLevel[]])
    .nullable()
    .catch(null),
  price: z.enum(["free", "paid"]).nullable().catch(null),
  sort: z.enum(Object.keys(COURSE_SORTS) as [TCourseSort, ...TCourseSort[]]).catch("next-intake"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TCourseFilters = z.infer<typeof ZCourseFilters>;

export function parseCourseFilters(params: URLSearchParams): TCourseFilters {
  const raw = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k)]));
  return ZCourseFilters.parse({ q: null, category: null, level: null, price: null, sort: "next-intake", page: 1, ...raw });
}
