import { z } from "zod";
import { parseNairaToKobo } from "../money/money";
import { formatKobo } from "../money/money";
import { MIN_PAYOUT_KOBO } from "./earnings";

// A seller's payout request and an admin's settlement of it (docs/product/marketplace.md#payouts), server only.

export const ZPayoutRequest = z
  .object({
    amount: z.string({ error: "Enter the amount in naira" }).transform((v, ctx) => {
      const kobo = parseNairaToKobo(v);
      if (kobo === null || kobo < MIN_PAYOUT_KOBO) {
        ctx.addIssue({ code: "custom", message: `Enter an amount in naira, at least ${formatKobo(MIN_PAYOUT_KOBO)}` });
        return z.NEVER;
      }
      return kobo;
    }),
  })
  .transform(({ amount }) => ({ amountKobo: amount }));
export type TPayoutRequest = z.output<typeof ZPayoutRequest>;

const payoutId = z.coerce.number({ error: "Unknown payout" }).int().positive("Unknown payout").max(2_147_483_647, "Unknown payout");

/** Paying a request through the provider's transfer API, or asking the provider how it went. */
export const ZPayoutTransfer = z.object({ payoutId, intent: z.enum(["transfer", "check"], { error: "Unknown action" }) });

export const ZSettlePayout = z
  .object({
    payoutId,
    decision: z.enum(["paid", "declined"], { error: "Choose paid or declined" }),
    reference: z.string().trim().max(60, "Keep the reference under 60 characters").optional(),
    note: z.string().trim().max(500, "Keep the note under 500 characters").optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === "paid" && (d.reference?.length ?? 0) < 4)
      ctx.addIssue({ code: "custom", path: ["reference"], message: "Enter the bank's transfer reference (at least 4 characters)" });
    if (d.decision === "declined" && (d.note?.length ?? 0) < 10)
      ctx.addIssue({ code: "custom", path: ["note"], message: "Tell the seller why, in at least 10 characters" });
  });
export type TSettlePayout = z.output<typeof ZSettlePayout>;
