import { z } from "zod";
import { ZBankAccount } from "../marketplace/seller-application-input";
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
  destination: z.enum(["wallet", "bank"], { error: "Choose where to be paid: your ZavCharge wallet or your bank account." }),
});
export type TReferralPayout = z.output<typeof ZReferralPayout>;

/** Staff deciding a flagged referral: approve, or refuse with the reason the audit log keeps. */
export const ZReferralReview = z
  .object({
    referralId: z.coerce.number().int().positive("Choose a referral."),
    decision: z.enum(["approve", "refuse"], { error: "Choose approve or refuse." }),
    reason: z.string().trim().max(500, "Keep the reason under 500 characters.").default(""),
  })
  .refine((r) => r.decision === "approve" || r.reason.length >= 5, {
    message: "Say why it is refused (at least 5 characters).",
    path: ["reason"],
  });
export type TReferralReview = z.output<typeof ZReferralReview>;

/**
 * The bank account referral payouts go to. The name is the bank's when the payment provider can be asked; without one
 * the customer types it, and an admin checks it before paying.
 */
export const ZReferralBankAccount = ZBankAccount.extend({
  accountName: z.string().trim().max(120, "Keep the account name under 120 characters.").optional().default(""),
});
export type TReferralBankAccount = z.output<typeof ZReferralBankAccount>;
