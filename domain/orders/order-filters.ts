import type { TInventoryFilters, TOrderFilters } from "./order-filters-input";
import { type TOrderStatus } from "./order-status";

// The staff back office: page sizes, list links, stock limits, order-number search and staff moves.
// Isomorphic: no server imports; the filters' schemas are in order-filters-input.ts.

export const ORDERS_PAGE_SIZE = 20;
/** The most rows one CSV download of the orders list holds (newest first within the chosen order). */
export const ORDERS_EXPORT_MAX_ROWS = 10_000;
/** The orders the list can be read in; newest first unless staff choose another. */
export const ORDER_SORTS = {
  newest: "Newest",
  oldest: "Oldest",
  "total-high": "Highest total",
  "total-low": "Lowest total",
} as const;
export type TOrderSort = keyof typeof ORDER_SORTS;
export const ORDER_SORT_KEYS = Object.keys(ORDER_SORTS) as [TOrderSort, ...TOrderSort[]];
/** The orders list with nothing chosen: what an empty or unreadable address bar means. */
export const ORDER_FILTER_DEFAULTS: TOrderFilters = { status: "all", method: "all", q: "", from: "", to: "", sort: "newest", page: 1 };

export const INVENTORY_PAGE_SIZE = 40;
export const INVENTORY_FILTER_DEFAULTS: TInventoryFilters = { q: "", low: false, page: 1 };

export const MAX_ON_HAND = 1_000_000;

/** The query string of a list page, without the defaults, so links stay short and shareable. */
export function listQuery(values: Record<string, string | number | boolean>, defaults: Record<string, string | number | boolean>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === defaults[key] || value === "" || value === false) continue;
    q.set(key, value === true ? "1" : String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** "ZV-100001", "zv100001" or "100001" typed in a search box: the order number, or null. */
export function parseOrderNumber(q: string): number | null {
  const m = /^(?:zv-?)?\s*(\d{6,9})$/i.exec(q.trim());
  return m ? Number(m[1]) : null;
}

/** The moves staff make with a button; paid and refunded go through the payment actions. */
export const STAFF_TRANSITIONS = ["processing", "shipped", "delivered", "cancelled"] as const satisfies TOrderStatus[];
export type TStaffTransition = (typeof STAFF_TRANSITIONS)[number];
export const TRANSITION_LABELS: Record<TStaffTransition, string> = {
  processing: "Start processing",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};
export const isStaffTransition = (s: string): s is TStaffTransition => (STAFF_TRANSITIONS as readonly string[]).includes(s);
