import type { TProductFilters } from "./catalog-input";

export type { TProductFilters, TProductFiltersInput } from "./catalog-input";

// The store's categories and listing options, shared by the store page, the seed and the server's search.

export const PRODUCT_CATEGORIES = {
  "solar-systems": "Solar systems",
  panels: "Solar panels",
  inverters: "Inverters",
  batteries: "Batteries",
  lighting: "Lighting",
  "smart-furniture": "Smart furniture",
} as const;
export type TProductCategory = keyof typeof PRODUCT_CATEGORIES;
export const CATEGORY_KEYS = Object.keys(PRODUCT_CATEGORIES) as TProductCategory[];

export const PRODUCT_SORTS = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  newest: "Newest",
  name: "Name A-Z",
} as const;
export type TProductSort = keyof typeof PRODUCT_SORTS;

export const PRODUCTS_PER_PAGE = 12;

/** One product as the store's listing shows it: the lowest and highest variant price, units available over all variants. */
export type TProductCard = {
  id: number;
  slug: string;
  name: string;
  category: TProductCategory;
  brand: string | null;
  image: string | null;
  minPriceKobo: number;
  maxPriceKobo: number;
  available: number;
  variantCount: number;
};

/** Stock as a shopper sees it: exact counts only when few are left. */
export function stockLabel(available: number): { text: string; tone: "ok" | "low" | "out" } {
  if (available <= 0) return { text: "Out of stock", tone: "out" };
  if (available <= 5) return { text: `Only ${available} left`, tone: "low" };
  return { text: "In stock", tone: "ok" };
}

/** The highest price a shopper can type in the price range, in naira (no variant costs more than ₦21m). */
export const MAX_FILTER_NAIRA = 21_000_000;

/** The store address for these filters, with only what differs from the defaults (so links stay short). */
export function storeHref(filters: Partial<TProductFilters>): string {
  const q = new URLSearchParams();
  if (filters.q) q.set("q", filters.q);
  if (filters.category) q.set("category", filters.category);
  if (filters.min != null) q.set("min", String(filters.min));
  if (filters.max != null) q.set("max", String(filters.max));
  if (filters.inStock) q.set("inStock", "1");
  if (filters.sort && filters.sort !== "featured") q.set("sort", filters.sort);
  if (filters.page && filters.page > 1) q.set("page", String(filters.page));
  const s = q.toString();
  return s ? `/store?${s}` : "/store";
}
