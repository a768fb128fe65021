import { z } from "zod";
import { isReferralCodeShape, normaliseReferralCode } from "./referral";

/** The sign-up form's optional code: empty is no code; anything else must look like one. */
export const ZReferralCodeInput = z
  .string()
  .max(40)
  .optional()
  .transform((v) => (v ? normaliseReferralCode(v) : ""))
  .refine((v) => v === "" || isReferralCodeShape(v), "A referral code is 8 letters and numbers, like ZV3K7M2Q");
