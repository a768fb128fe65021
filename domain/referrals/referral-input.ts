import { z } from "zod";
import { isReferralCodeShape, normaliseReferralCode } from "./referral";

/** The sign-up form's optional code: empty is no code; anything else must look like one. */
export const ZReferralCodeInput = z
  .string()
  .max(40)
  .optional()
  .transform((v) => (v ? normaliseReferralCode(v) : ""))
  .refine((v) => v === "" || isReferralCodeShape(v), "A referral code is 8 letters and numbers, like ZV3K7M2Q");

/** "Pay out my balance": the amount the page showed (in kobo, checked against the balance now) and where it goes. */
export const ZReferralPayout = z.object({
  amountKobo: z.coerce
    .number({ error: "The amount is missing. Reload the page and try again." })
    .int("The amount is in whole kobo.")
    .min(1, "There is nothing to pay out.")
    .max(100_000_000_000, "That amount is not right. Reload the page and try again."),
  destination: z.enum(["wallet"], { error: "Choose where to be paid: your ZavCharge wallet." }),
});
export type TReferralPayout = z.output<typeof ZReferralPayout>;
