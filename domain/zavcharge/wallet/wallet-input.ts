import { z } from "zod";
import { formatKobo } from "../../money/money";
import { TOP_UP_MAX_KOBO, TOP_UP_MIN_KOBO, TOP_UP_PRESETS_KOBO } from "./wallet-rules";

// Top-up and renewal forms (docs/product/zavcharge.md#wallet, #plans), parsed on the server only.

const PRESETS = TOP_UP_PRESETS_KOBO.map(String);

/** A preset amount (in kobo, from the radio) or "custom" with naira typed: the result is kobo. */
export const ZTopUp = z.object({ amount: z.string().optional(), customAmount: z.string().optional() }).transform((v, ctx) => {
  if (v.amount && PRESETS.includes(v.amount)) return { amountKobo: Number(v.amount) };
  const typed = (v.customAmount ?? "").replace(/[₦,\s]/g, "");
  if (v.amount !== "custom" && !typed) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "Choose an amount or enter your own" });
    return z.NEVER;
  }
  if (!/^\d{1,9}$/.test(typed)) {
    ctx.addIssue({ code: "custom", path: ["customAmount"], message: "Enter the amount in whole naira, e.g. 7500" });
    return z.NEVER;
  }
  const amountKobo = Number(typed) * 100;
  if (amountKobo < TOP_UP_MIN_KOBO || amountKobo > TOP_UP_MAX_KOBO) {
    ctx.addIssue({
      code: "custom",
      path: ["customAmount"],
      message: `A top-up must be between ${formatKobo(TOP_UP_MIN_KOBO)} and ${formatKobo(TOP_UP_MAX_KOBO)}`,
    });
    return z.NEVER;
  }
  return { amountKobo };
});
export type TTopUp = z.output<typeof ZTopUp>;

export const ZRenewPlan = z.object({
  planId: z.coerce.number({ error: "Choose a plan" }).int("Choose a plan").min(1, "Choose a plan").max(2_147_483_647, "Choose a plan"),
  pay: z.enum(["wallet", "checkout"], { error: "Choose how to pay" }),
  /** One per form: a double submission renews once. */
  formKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "This form has expired. Reload the page and try again."),
});
export type TRenewPlan = z.output<typeof ZRenewPlan>;
