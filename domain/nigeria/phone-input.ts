import { z } from "zod";
import { formatNigerianPhone, isNigerianPhone } from "./phone";

/** A required Nigerian mobile number, stored as +234... (docs/product/validation-and-messages.md#phone-numbers). */
export const ZNigerianPhone = z
  .string({ error: "Please enter your phone number" })
  .trim()
  .min(1, "Please enter your phone number")
  .refine(isNigerianPhone, "Enter a Nigerian mobile number, e.g. 0803 123 4567")
  .transform(formatNigerianPhone);
