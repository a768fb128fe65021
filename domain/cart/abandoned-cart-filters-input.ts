import { z } from "zod";
import { ABANDONMENT_STATES } from "./abandoned-carts";

// The staff list's filters, read from the address bar: anything odd falls back to the default. Apart from
// abandoned-carts.ts so the page does not ship zod.

export const ZAbandonedCartFilters = z.object({
  state: z.enum(["all", ...ABANDONMENT_STATES]).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TAbandonedCartFilters = z.infer<typeof ZAbandonedCartFilters>;
