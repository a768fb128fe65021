import { z } from "zod";
import { ZReferralCodeInput } from "../referrals/referral-input";
import { ZNigerianPhone } from "../nigeria/phone-input";

// Form rules of docs/product/validation-and-messages.md#accounts, shared by the forms (same messages) and the server (which enforces them).

const email = z
  .string({ error: "Please enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your email address")
  .email("Please enter a valid email address")
  .max(254);
const password = z.string().min(6, "Password must be at least 6 characters").max(128, "Password must be at most 128 characters");
const phone = ZNigerianPhone;
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const ZSignIn = z.object({ email, password: z.string().min(1, "Please enter your password") });

/**
 * What a person gives to open an account, on the website's form and through the app (docs/product/accounts.md#registration):
 * the one set of field rules both read, so the same value gets the same answer everywhere.
 */
export const REGISTRATION_FIELDS = {
  name: z.string({ error: "Please enter your full name" }).trim().min(2, "Please enter your full name").max(100),
  email,
  phone,
  password,
  /** Optional: the code of the customer who referred them (docs/product/refer-and-earn.md#attribution). */
  referralCode: ZReferralCodeInput,
};

/** An account to open, as registerUser takes it (server/auth/register-user.ts): the form's or the app's fields, checked. */
export type TRegistration = {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: "customer" | "staff";
  staffCode?: string;
  referralCode: string;
  agreedToNewsletter: boolean;
};

export const ZSignUp = z
  .object({
    ...REGISTRATION_FIELDS,
    confirmPassword: z.string(),
    // Role forced to customer unless customer or staff (docs/product/accounts.md#registration).
    role: z
      .string()
      .optional()
      .transform((r) => (r === "staff" ? ("staff" as const) : ("customer" as const))),
    staffCode: z.string().trim().max(64).optional(),
    agreedToTerms: checkbox,
    agreedToNewsletter: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match" });
    if (!v.agreedToTerms)
      ctx.addIssue({ code: "custom", path: ["agreedToTerms"], message: "Please accept the Terms of Service and Privacy Policy" });
    if (v.role === "staff" && !v.staffCode)
      ctx.addIssue({ code: "custom", path: ["staffCode"], message: "A staff code is required for staff accounts" });
  });

export const ZForgotPassword = z.object({ email });

export const ZResetPassword = z
  .object({ token: z.string().min(1, "This reset link is invalid"), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

export const ZChangePassword = z
  .object({ currentPassword: z.string().min(1, "Please enter your current password"), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

export const ZProfile = z.object({
  name: z.string().trim().min(2, "Please enter your full name").max(100),
  phone,
  department: z.string().trim().max(80).optional(),
});

export const ZTotpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

/** One of the recovery codes given when two-factor was turned on. */
export const ZRecoveryCode = z.object({ code: z.string().trim().min(1, "Enter one of your recovery codes").max(64) });

/** A code texted to the phone factor (docs/product/accounts.md#two-factor-authentication). */
export const ZSmsCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the text message"),
});

/** The phone to text sign-in codes to, with the password that allows the change. */
export const ZSecondFactorPhone = z.object({ phone, password: z.string().min(1, "Please enter your password") });
