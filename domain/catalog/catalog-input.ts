import { z } from "zod";
import { CATEGORY_KEYS, MAX_FILTER_NAIRA, PRODUCT_SORTS, type TProductCategory, type TProductSort } from "./catalog";

// The store's filters as the server reads them (docs/product/store-and-orders.md); kept out of catalog.ts so pages that
// only show products do not ship zod to the browser.

/** Free text cut to `max` characters, or null when empty (shared with the marketplace's filters). */
export const optionalText = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, max) || null)
    .nullable()
    .catch(null);

/** "150,000", "₦150000" or "150000.50" as whole naira up to `max`; anything else (or nothing) is no bound. */
export const nairaBoundUpTo = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/[₦,\s]/g, ""))
    .pipe(z.string().regex(/^\d{1,9}(\.\d{0,2})?$/))
    .transform((s) => Math.min(Math.floor(Number(s)), max))
    .nullable()
    .catch(null);
const nairaBound = nairaBoundUpTo(MAX_FILTER_NAIRA);

/**
 * The store's query string (?q=&category=&min=&max=&inStock=1&sort=&page=). Every field falls back to its
 * default on its own, so a shared link with a typo still shows the store.
 */
export const ZProductFilters = z
  .object({
    q: optionalText(100),
    category: z
      .enum(CATEGORY_KEYS as [TProductCategory, ...TProductCategory[]])
      .nullable()
      .catch(null),
    /** Naira, as typed in the form; the server compares kobo. */
    min: nairaBound,
    max: nairaBound,
    inStock: z.union([z.boolean(), z.string().transform((s) => ["1", "on", "true", "yes"].includes(s.toLowerCase()))]).catch(false),
    sort: z.enum(Object.keys(PRODUCT_SORTS) as [TProductSort, ...TProductSort[]]).catch("featured"),
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
  })
  .transform((f) => (f.min !== null && f.max !== null && f.min > f.max ? { ...f, min: f.max, max: f.min } : f));
export type TProductFilters = z.infer<typeof ZProductFilters>;
export type TProductFiltersInput = Partial<Record<keyof TProductFilters, unknown>>;

/** The filters of a store address; unknown parameters are ignored. */
export function parseProductFilters(params: URLSearchParams | TProductFiltersInput): TProductFilters {
  const raw = params instanceof URLSearchParams ? Object.fromEntries([...params.keys()].map((k) => [k, params.get(k)])) : params;
  return ZProductFilters.parse({ q: null, category: null, min: null, max: null, inStock: false, sort: "featured", page: 1, ...raw });
}
