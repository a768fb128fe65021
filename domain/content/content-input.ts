import { z } from "zod";
import { formatNigerianPhone, isNigerianPhone } from "../nigeria/phone";
import { INQUIRY_TYPES, INVALID_EMAIL, NEWSLETTER_INTERESTS } from "./public-forms";

// The public forms (newsletter, contact) as the server reads them; their choices and messages are in public-forms.ts.

const email = z.string().trim().toLowerCase().min(1, INVALID_EMAIL).email(INVALID_EMAIL).max(254, INVALID_EMAIL);

export const ZNewsletterSubscribe = z.object({
  email,
  interests: z.array(z.enum(NEWSLETTER_INTERESTS)).max(3).default(["general"]),
});

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
