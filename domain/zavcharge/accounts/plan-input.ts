import { z } from "zod";
import { parseNairaToKobo } from "../../money/money";

// The admin's plan form (docs/product/zavcharge.md#plans), parsed on the server only.

export const PLAN_FORM_FIELDS = ["name", "price", "periodDays", "sortOrder"] as const;

export const ZPlanFields = z.object({
  name: z.string().trim().min(3, "Give the plan a name of at least 3 characters").max(60, "Keep the name under 60 characters"),
  price: z.string().transform((v, ctx) => {
    const kobo = parseNairaToKobo(v);
    if (kobo === null || kobo > 100_000_000) {
      ctx.addIssue({ code: "custom", message: "Enter the price in naira, e.g. 15000 (at most ₦1,000,000)" });
      return z.NEVER;
    }
    return kobo;
  }),
  periodDays: z.coerce
    .number({ error: "Enter the length in days" })
    .int("Enter the length in whole days")
    .min(1, "A plan lasts at least 1 day")
    .max(366, "A plan lasts at most 366 days"),
  sortOrder: z.coerce.number({ error: "Enter a position" }).int("Enter a whole number").min(0, "Use 0 or more").max(99, "Use 99 or less"),
  active: z
    .union([z.literal("on"), z.literal("true")])
    .optional()
    .transform((v) => v !== undefined),
});
export type TPlanFields = z.output<typeof ZPlanFields>;
