import { z } from "zod";
import { isCalendarDate } from "../time/lagos-time";
import { ORDER_SORT_KEYS } from "./order-filters";
import { ORDER_STATUS_KEYS, PAYMENT_METHOD_KEYS } from "./order-status";

// The back office's list filters, read from the address bar (anything odd falls back to the default), and the
// stock-edit number rule, as the server reads them; apart from order-filters.ts so staff pages do not ship zod.

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
  sort: z.enum(ORDER_SORT_KEYS).catch("newest"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TOrderFilters = z.infer<typeof ZOrderFilters>;
export const ZInventoryFilters = z.object({
  q: z.string().trim().max(100).catch(""),
  low: z
    .enum(["1", "on", "true"])
    .transform(() => true)
    .catch(false),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TInventoryFilters = z.infer<typeof ZInventoryFilters>;
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
