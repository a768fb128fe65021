import { z } from "zod";
import { ORDER_STATUS_KEYS, PAYMENT_METHOD_KEYS, type TOrderStatus } from "./order-status";

// The staff back office: list filters read from the address bar (anything odd falls back to the default)
// and the stock-edit rules shared by the page and the server. Isomorphic: no server imports.

const isCalendarDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const calendarDate = z
  .string()
  .trim()
  .refine((v) => v === "" || isCalendarDate(v))
  .catch("");

export const ZOrderFilters = z.object({
  status: z.enum(["all", ...ORDER_STATUS_KEYS]).catch("all"),
  method: z.enum(["all", ...PAYMENT_METHOD_KEYS]).catch("all"),
  q: z.string().trim().max(100).catch(""),
  from: calendarDate,
  to: calendarDate,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TOrderFilters = z.infer<typeof ZOrderFilters>;
export const ORDERS_PAGE_SIZE = 20;

export const ZInventoryFilters = z.object({
  q: z.string().trim().max(100).catch(""),
  low: z
    .enum(["1", "on", "true"])
    .transform(() => true)
    .catch(false),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TInventoryFilters = z.infer<typeof ZInventoryFilters>;
export const INVENTORY_PAGE_SIZE = 40;

export const MAX_ON_HAND = 1_000_000;

/** A whole number typed in a form: "12" yes; "-1", "2.5", "ten" and "" get the message. */
export function wholeNumber(label: string, max: number) {
  const message = `${label} must be a whole number from 0 to ${max.toLocaleString("en-NG")}`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(0, message).max(max, message));
}

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
