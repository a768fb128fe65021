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

/** Stock as a shopper sees it: exact counts only when few are left. */
export function stockLabel(available: number): { text: string; tone: "ok" | "low" | "out" } {
  if (available <= 0) return { text: "Out of stock", tone: "out" };
  if (available <= 5) return { text: `Only ${available} left`, tone: "low" };
  return { text: "In stock", tone: "ok" };
}
