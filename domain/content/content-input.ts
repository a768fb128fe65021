import { z } from "zod";
import { formatNigerianPhone, isNigerianPhone } from "../nigeria/phone";

// Rules of the public forms (newsletter, contact), shared by the browser and the server, which enforces them.

// docs/product/validation-and-messages.md#newsletter: "Invalid Email" - "Please enter a valid email address".
export const INVALID_EMAIL = "Please enter a valid email address";
const email = z.string().trim().toLowerCase().min(1, INVALID_EMAIL).email(INVALID_EMAIL).max(254, INVALID_EMAIL);

/** Newsletter interests; default general (docs/product/content.md#newsletter). */
export const NEWSLETTER_INTERESTS = ["general", "updates", "offers"] as const;

export const ZNewsletterSubscribe = z.object({
  email,
  interests: z.array(z.enum(NEWSLETTER_INTERESTS)).max(3).default(["general"]),
});

export const INQUIRY_TYPES = [
  { value: "general", label: "General enquiry" },
  { value: "sales", label: "Solar or furniture purchase" },
  { value: "installation", label: "Installation or maintenance" },
  { value: "academy", label: "Academy courses" },
  { value: "zavcharge", label: "ZavCharge" },
  { value: "partnership", label: "Partnership or investment" },
  { value: "support", label: "Order support" },
] as const;

export const ZContactMessage = z.object({
  name: z.string().trim().min(2, "Please enter your name").max(100, "Please keep your name under 100 characters"),
  email,
  phone: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isNigerianPhone(v), "Enter a Nigerian mobile number, e.g. 0803 123 4567, or leave it empty")
    .transform((v) => (v ? formatNigerianPhone(v) : undefined)),
  subject: z.string().trim().min(3, "Please enter a subject").max(150, "Please keep the subject under 150 characters"),
  inquiryType: z.enum(INQUIRY_TYPES.map((t) => t.value) as [string, ...string[]], { error: "Please choose what your message is about" }),
  message: z
    .string()
    .trim()
    .min(10, "Please write a message of at least 10 characters")
    .max(5000, "Please keep your message under 5,000 characters"),
});

export type TContactMessage = z.infer<typeof ZContactMessage>;

export function inquiryLabel(value: string): string {
  return INQUIRY_TYPES.find((t) => t.value === value)?.label ?? value;
}
