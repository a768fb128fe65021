import { z } from "zod";
import { requiredText } from "../text/text-input";
import { parseNairaToKobo } from "../money/money";
import { isNigerianState } from "../nigeria/states";

// The buyer's consultation form and the architect's answer (docs/product/marketplace.md#consultations), server only.

export const CONSULTATION_FIELDS = ["brief", "budget", "state", "city"] as const;

export const ZConsultationRequest = z.object({
  brief: z
    .string({ error: "Describe the project" })
    .trim()
    .min(30, "Describe the project in at least 30 characters: what you want built or designed, and for whom")
    .max(2000, "Keep the brief under 2,000 characters"),
  budget: z.string({ error: "Enter your budget in naira" }).transform((v, ctx) => {
    const kobo = parseNairaToKobo(v);
    if (kobo === null || kobo < 10_000_00 || kobo > 10_000_000_000_00) {
      ctx.addIssue({ code: "custom", message: "Enter your budget in naira, from ₦10,000" });
      return z.NEVER;
    }
    return kobo;
  }),
  state: z.string({ error: "Choose the state" }).refine(isNigerianState, "Choose the state from the list"),
  city: requiredText(2, 80, "Enter the town or city", "Keep the town under 80 characters"),
});
export type TConsultationRequest = z.output<typeof ZConsultationRequest>;

export const ZConsultationDecision = z
  .object({
    requestId: z.coerce.number().int().positive(),
    decision: z.enum(["accept", "decline"], { error: "Choose accept or decline" }),
    reply: z.string().trim().max(1000, "Keep the reply under 1,000 characters").optional(),
  })
  .superRefine((d, ctx) => {
    if ((d.reply?.length ?? 0) < 10)
      ctx.addIssue({
        code: "custom",
        path: ["reply"],
        message:
          d.decision === "decline"
            ? "Tell the buyer why, in at least 10 characters"
            : "Tell the buyer how you will follow up, in at least 10 characters",
      });
  });
export type TConsultationDecision = z.output<typeof ZConsultationDecision>;
