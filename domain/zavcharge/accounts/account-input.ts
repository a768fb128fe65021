import { z } from "zod";
import { ZNigerianPhone } from "../../nigeria/phone-input";
import { normaliseSubscriptionCode, SUBSCRIPTION_CODE_PATTERN } from "./account-rules";

// ZavCharge account forms (docs/product/zavcharge.md#accounts and #pins), with the messages drivers see. The
// server parses with these; components import the constants from zavcharge.ts, never this file (zod stays
// out of the browser bundle).

const REQUIRED = "Please fill in all required fields";
const PIN_FORMAT = "PIN must be exactly 6 digits";

/** Digits only, like the field: "12 34-56" is 123456; anything longer than 6 digits is refused, not cut. */
const pinField = z
  .string()
  .optional()
  .transform((v) => (v ?? "").replace(/\D/g, ""));

const subscriptionId = z
  .string()
  .optional()
  .transform((v) => normaliseSubscriptionCode(v ?? ""));

const email = z.string().trim().toLowerCase().email("Please enter a valid email address").max(254);
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

function checkNewPin(v: { pin: string; confirmPin: string }, ctx: z.RefinementCtx, mismatch = "PINs do not match") {
  // No PIN typed: one is generated (docs/product/zavcharge.md#accounts). A PIN typed must be whole and typed twice.
  if (v.pin === "" && v.confirmPin === "") return;
  if (!/^\d{6}$/.test(v.pin)) return ctx.addIssue({ code: "custom", path: ["pin"], message: PIN_FORMAT });
  if (v.pin !== v.confirmPin) ctx.addIssue({ code: "custom", path: ["confirmPin"], message: mismatch });
}

/** Registering in the ZavCharge context of the dialog: a new site account and its ZavCharge account. */
export const ZDriverRegistration = z
  .object({
    name: z.string().trim().min(1, REQUIRED).max(100),
    email: z.string().trim().min(1, REQUIRED).pipe(email),
    phone: z.string().trim().min(1, REQUIRED).pipe(ZNigerianPhone),
    password: z.string().min(6, "Password must be at least 6 characters").max(128),
    confirmPassword: z.string(),
    pin: pinField,
    confirmPin: pinField,
    agreedToTerms: checkbox,
    agreedToNewsletter: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.name.length < 2) ctx.addIssue({ code: "custom", path: ["name"], message: "Please enter your full name" });
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match" });
    checkNewPin(v, ctx);
    if (!v.agreedToTerms)
      ctx.addIssue({ code: "custom", path: ["agreedToTerms"], message: "Please accept the Terms of Service and Privacy Policy" });
  });
export type TDriverRegistration = z.output<typeof ZDriverRegistration>;

/** A signed-in site account joining ZavCharge: its name and e-mail are the account's. */
export const ZJoinZavCharge = z
  .object({ phone: z.string().trim().min(1, REQUIRED).pipe(ZNigerianPhone), pin: pinField, confirmPin: pinField })
  .superRefine((v, ctx) => checkNewPin(v, ctx));
export type TJoinZavCharge = z.output<typeof ZJoinZavCharge>;

export const ZPinSignIn = z.object({ subscriptionId, pin: pinField }).superRefine((v, ctx) => {
  if (!v.subscriptionId || !v.pin)
    return ctx.addIssue({ code: "custom", path: ["form"], message: "Please enter both Subscription ID and PIN" });
  if (!SUBSCRIPTION_CODE_PATTERN.test(v.subscriptionId))
    ctx.addIssue({ code: "custom", path: ["subscriptionId"], message: "Subscription ID not found" });
  else if (!/^\d{6}$/.test(v.pin)) ctx.addIssue({ code: "custom", path: ["pin"], message: PIN_FORMAT });
});
export type TPinSignIn = z.output<typeof ZPinSignIn>;

export const ZPinResetRequest = z
  .object({ subscriptionId, email: z.string().trim().toLowerCase().max(254).optional() })
  .superRefine((v, ctx) => {
    if (!v.subscriptionId || !v.email)
      ctx.addIssue({ code: "custom", path: ["form"], message: "Please enter both Subscription ID and email" });
  })
  .transform((v) => ({ subscriptionId: v.subscriptionId, email: v.email ?? "" }));
export type TPinResetRequest = z.output<typeof ZPinResetRequest>;

export const ZPinReset = z
  .object({
    subscriptionId,
    code: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/\D/g, "")),
    pin: pinField,
    confirmPin: pinField,
  })
  .superRefine((v, ctx) => {
    if (!v.subscriptionId) ctx.addIssue({ code: "custom", path: ["form"], message: "Please enter your Subscription ID" });
    if (!/^\d{6}$/.test(v.code)) ctx.addIssue({ code: "custom", path: ["code"], message: "Enter the 6-digit code we e-mailed you" });
    if (!/^\d{6}$/.test(v.pin)) return ctx.addIssue({ code: "custom", path: ["pin"], message: PIN_FORMAT });
    if (v.pin !== v.confirmPin) ctx.addIssue({ code: "custom", path: ["confirmPin"], message: "New PINs do not match" });
  });
export type TPinReset = z.output<typeof ZPinReset>;

export const ZDriverDetails = z.object({
  name: z.string().trim().min(2, "Please enter your full name").max(100),
  phone: z.string().trim().min(1, REQUIRED).pipe(ZNigerianPhone),
});
export type TDriverDetails = z.output<typeof ZDriverDetails>;

export const ZCloseDriverAccount = z.object({ requestRefund: checkbox });
