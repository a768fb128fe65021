import { z } from "zod";
import { requiredText, textOrNull } from "../text/text-input";
import { ZNigerianPhone } from "../nigeria/phone-input";
import { NIGERIAN_BANKS, isNubanAccountNumber } from "../nigeria/banks";
import { isNigerianState } from "../nigeria/states";
import { REVIEW_DECISIONS, SELLER_CATEGORIES, SELLER_KINDS } from "./marketplace";

// The seller application and the admin's review (docs/product/marketplace.md#applications), parsed on the server.

const BANK_CODES = NIGERIAN_BANKS.map((b) => b.code) as string[];

const BANK_ACCOUNT_SHAPE = {
  bankCode: z.string({ error: "Choose your bank" }).refine((v) => BANK_CODES.includes(v), "Choose your bank from the list"),
  accountNumber: z
    .string({ error: "Enter your 10-digit account number" })
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine(isNubanAccountNumber, "Enter your 10-digit account number (NUBAN)"),
};
export const ZBankAccount = z.object(BANK_ACCOUNT_SHAPE);
export type TBankAccount = z.output<typeof ZBankAccount>;

export const SELLER_APPLICATION_FIELDS = [
  "kind",
  "businessName",
  "bio",
  "category",
  "phone",
  "pickupState",
  "pickupLga",
  "cacNumber",
  "bankCode",
  "accountNumber",
  "accountName",
  "portfolioUrl",
  "licenceBody",
  "licenceNumber",
] as const;

export const ZSellerApplication = z
  .object({
    kind: z.enum(SELLER_KINDS, { error: "Choose whether you sell products or designs" }),
    businessName: requiredText(2, 80, "Enter your business or trading name", "Keep the name under 80 characters"),
    bio: z
      .string({ error: "Tell buyers about your work" })
      .trim()
      .min(30, "Tell buyers about your work in at least 30 characters")
      .max(600, "Keep the bio under 600 characters"),
    category: z.enum(SELLER_CATEGORIES, { error: "Choose the category you mostly sell in" }),
    phone: ZNigerianPhone,
    pickupState: z.string({ error: "Choose the state you ship from" }).refine(isNigerianState, "Choose the state you ship from"),
    pickupLga: requiredText(2, 60, "Enter your local government area", "Keep the LGA under 60 characters"),
    cacNumber: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => (v ? v.replace(/\s+/g, "") : null))
      .refine((v) => v === null || /^(RC|BN|IT)?\d{4,8}$/.test(v), "Enter a CAC number like RC1234567 or BN2345678, or leave it empty"),
    accountName: textOrNull(100, "Keep the account name under 100 characters"),
    portfolioUrl: textOrNull(300, "Keep the link under 300 characters").refine(
      (v) => v === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
      "Enter a full web address, e.g. https://behance.net/yourname",
    ),
    licenceBody: textOrNull(80, "Keep the licence body under 80 characters"),
    licenceNumber: textOrNull(40, "Keep the licence number under 40 characters"),
    ...BANK_ACCOUNT_SHAPE,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "architect" && !v.portfolioUrl)
      ctx.addIssue({ code: "custom", path: ["portfolioUrl"], message: "Add a link to your portfolio so we can see your designs" });
  });
export type TSellerApplicationInput = z.output<typeof ZSellerApplication>;

export const ZApplicationReview = z
  .object({
    applicationId: z.string().uuid("That application does not exist."),
    decision: z.enum(REVIEW_DECISIONS, { error: "Choose approve, reject or ask for more information" }),
    note: textOrNull(1000, "Keep the note under 1,000 characters"),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== "approve" && (!v.note || v.note.length < 10))
      ctx.addIssue({
        code: "custom",
        path: ["note"],
        message:
          v.decision === "reject"
            ? "Give the applicant the reason, in at least 10 characters"
            : "Say what you need, in at least 10 characters",
      });
  });
export type TApplicationReview = z.output<typeof ZApplicationReview>;

export const ZSellerSuspension = z
  .object({
    sellerId: z.string().uuid("That seller does not exist."),
    suspend: z.enum(["true", "false"]).transform((v) => v === "true"),
    reason: textOrNull(500, "Keep the reason under 500 characters"),
  })
  .superRefine((v, ctx) => {
    if (v.suspend && (!v.reason || v.reason.length < 10))
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for the suspension, in at least 10 characters" });
  });
export type TSellerSuspension = z.output<typeof ZSellerSuspension>;

export const ZApplicationFilters = z.object({
  status: z.enum(["pending", "needs_info", "approved", "rejected", "all"]).catch("pending"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
