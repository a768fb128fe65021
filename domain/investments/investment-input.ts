import { z } from "zod";
import { requiredText, textOrNull } from "../text/text-input";
import { ZBankAccount } from "../marketplace/seller-application-input";
import { ZNigerianPhone } from "../nigeria/phone-input";
import { isNigerianState } from "../nigeria/states";
import { DISTRIBUTION_FREQUENCIES, ID_TYPES, INCOME_BANDS, type TIdType } from "./investment-rules";

// What people and staff type about investments (docs/product/investments.md), parsed on the server.

/** What each ID number looks like, and how to say it when it does not. */
const ID_NUMBER_FORMAT: Record<TIdType, { pattern: RegExp; message: string }> = {
  nin: { pattern: /^\d{11}$/, message: "A NIN has 11 digits" },
  passport: { pattern: /^[A-Z]\d{8}$/, message: "A Nigerian passport number is a letter and 8 digits, like A12345678" },
  drivers_licence: {
    pattern: /^[A-Z]{3}\d{5}[A-Z]{2}\d{2}$|^[A-Z0-9]{10,14}$/,
    message: "Enter the licence number as printed, like LAG12345AB67",
  },
  voters_card: { pattern: /^[A-Z0-9]{19}$|^[A-Z0-9]{9,20}$/, message: "Enter the VIN printed on your voter's card" },
};

/** The youngest an investor may be: an agreement needs an adult. */
export const MIN_INVESTOR_AGE = 18;

/** Whether someone born on this date (YYYY-MM-DD) is at least `years` old on `today` (YYYY-MM-DD). */
export function isAtLeastYearsOld(dateOfBirth: string, today: string, years: number): boolean {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= years;
}

export const INVESTOR_APPLICATION_FIELDS = [
  "legalName",
  "dateOfBirth",
  "address",
  "state",
  "lga",
  "phone",
  "idType",
  "idNumber",
  "bankCode",
  "accountNumber",
  "accountName",
  "incomeBand",
  "riskAccepted",
] as const;

/** The application's typed fields; the ID document is a file, checked by content apart (server/investments/investor-id-documents.ts). */
export const ZInvestorApplication = (today: string) =>
  ZBankAccount.extend({
    legalName: requiredText(3, 100, "Enter your full legal name, as on your ID", "Keep the name under 100 characters"),
    dateOfBirth: z
      .string({ error: "Enter your date of birth" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter your date of birth")
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v > "1900-01-01", "Enter a real date of birth")
      .refine((v) => isAtLeastYearsOld(v, today, MIN_INVESTOR_AGE), `You must be at least ${MIN_INVESTOR_AGE} to invest`),
    address: requiredText(8, 200, "Enter your home address", "Keep the address under 200 characters"),
    state: z.string({ error: "Choose your state" }).refine(isNigerianState, "Choose your state"),
    lga: requiredText(2, 60, "Enter your local government area", "Keep the LGA under 60 characters"),
    phone: ZNigerianPhone,
    idType: z.enum(ID_TYPES, { error: "Choose the ID you are sending" }),
    idNumber: z
      .string({ error: "Enter your ID number" })
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/[\s-]+/g, ""))
      .pipe(z.string().min(1, "Enter your ID number").max(20, "Enter your ID number as printed")),
    accountName: textOrNull(100, "Keep the account name under 100 characters"),
    incomeBand: z.enum(INCOME_BANDS, { error: "Choose your yearly income" }),
    riskAccepted: z.literal("on", { error: "Read the risk statement and tick the box to accept it" }),
  }).superRefine((v, ctx) => {
    const format = ID_NUMBER_FORMAT[v.idType];
    if (!format.pattern.test(v.idNumber)) ctx.addIssue({ code: "custom", path: ["idNumber"], message: format.message });
  });
export type TInvestorApplication = z.output<ReturnType<typeof ZInvestorApplication>>;

/** A naira amount typed in a form ("250,000" or "250000.00"), in kobo; NaN when it is not a number. */
const ZNaira = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v) => Math.round(Number(v.replace(/[,₦\s]/g, "")) * 100))
    .refine((v) => Number.isSafeInteger(v) && v > 0, message);

export const ZInvestInTier = z.object({
  tierId: z.coerce.number({ error: "Choose a tier" }).int("Choose a tier").positive("Choose a tier"),
  amount: ZNaira("Enter the amount you want to invest, in naira"),
});
export type TInvestInTier = z.output<typeof ZInvestInTier>;

export const INVESTMENT_TIER_FIELDS = [
  "name",
  "summary",
  "min",
  "max",
  "raiseCap",
  "expectedReturn",
  "tenorMonths",
  "distributionFrequency",
  "lockupMonths",
  "earlyRedemption",
  "status",
] as const;

const optionalNaira = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Math.round(Number(v.replace(/[,₦\s]/g, "")) * 100) : null))
    .refine((v) => v === null || (Number.isSafeInteger(v) && v > 0), message);

/** An admin's tier (docs/product/investments.md#tiers). */
export const ZInvestmentTier = z
  .object({
    tierId: z.coerce.number().int().positive().optional(),
    name: requiredText(3, 60, "Name the tier", "Keep the name under 60 characters"),
    summary: requiredText(20, 400, "Describe what the tier funds, in at least 20 characters", "Keep the summary under 400 characters"),
    min: ZNaira("Enter the smallest amount the tier takes"),
    max: optionalNaira("Enter the largest amount, or leave it empty for no limit"),
    raiseCap: optionalNaira("Enter the total the tier raises, or leave it empty for no cap"),
    expectedReturn: z
      .string({ error: "Enter the projected return a year, in %" })
      .trim()
      .transform((v) => Math.round(Number(v.replace(/%/g, "")) * 100))
      .refine((v) => Number.isInteger(v) && v >= 0 && v <= 10_000, "Enter the projected return a year as a percentage between 0 and 100"),
    tenorMonths: z.coerce
      .number({ error: "Enter the tenor in months" })
      .int("Enter whole months")
      .min(1, "The tenor is at least a month")
      .max(120, "The tenor is at most 120 months"),
    distributionFrequency: z.enum(DISTRIBUTION_FREQUENCIES, { error: "Choose how often it distributes" }),
    lockupMonths: z.coerce
      .number({ error: "Enter the lock-up in months" })
      .int("Enter whole months")
      .min(0, "The lock-up cannot be negative"),
    earlyRedemption: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    status: z.enum(["open", "closed"], { error: "Choose whether the tier is open" }),
  })
  .superRefine((v, ctx) => {
    if (v.max !== null && v.max < v.min)
      ctx.addIssue({ code: "custom", path: ["max"], message: "The largest amount must be at least the smallest" });
    if (v.raiseCap !== null && v.raiseCap < v.min)
      ctx.addIssue({ code: "custom", path: ["raiseCap"], message: "The total to raise must be at least the smallest amount" });
    if (v.lockupMonths > v.tenorMonths)
      ctx.addIssue({ code: "custom", path: ["lockupMonths"], message: "The lock-up cannot be longer than the tenor" });
  });
export type TInvestmentTierInput = z.output<typeof ZInvestmentTier>;

const ZDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

export const DISTRIBUTION_FIELDS = ["tierId", "from", "to", "basis", "pool", "rate", "note"] as const;

/**
 * An admin's declaration of a distribution (docs/product/investments.md#distributions): the tier, the period's first and
 * last Lagos days (both included, as typed), and a pool in naira or a yearly rate in %.
 */
export const ZDistributionDeclaration = z
  .object({
    tierId: z.coerce.number({ error: "Choose a tier" }).int("Choose a tier").positive("Choose a tier"),
    from: ZDay("Enter the first day of the period"),
    to: ZDay("Enter the last day of the period"),
    basis: z.enum(["pool", "rate"], { error: "Choose a pool or a rate" }),
    pool: z.string().trim().optional(),
    rate: z.string().trim().optional(),
    note: textOrNull(500, "Keep the note under 500 characters"),
  })
  .transform((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must be on or after the first" });
    const poolKobo = v.basis === "pool" ? Math.round(Number((v.pool ?? "").replace(/[,₦\s]/g, "")) * 100) : null;
    const rateBasisPoints = v.basis === "rate" ? Math.round(Number((v.rate ?? "").replace(/%/g, "")) * 100) : null;
    if (v.basis === "pool" && !(Number.isSafeInteger(poolKobo) && poolKobo! > 0))
      ctx.addIssue({ code: "custom", path: ["pool"], message: "Enter the pool to share, in naira" });
    if (v.basis === "rate" && !(Number.isInteger(rateBasisPoints) && rateBasisPoints! > 0 && rateBasisPoints! <= 10_000))
      ctx.addIssue({ code: "custom", path: ["rate"], message: "Enter the rate a year, as a percentage between 0 and 100" });
    return { tierId: v.tierId, from: v.from, to: v.to, basis: v.basis, poolKobo, rateBasisPoints, note: v.note };
  });
export type TDistributionDeclarationInput = z.output<typeof ZDistributionDeclaration>;

export const ZDistributionDecision = z
  .object({
    declarationId: z.coerce.number().int().positive("That declaration does not exist."),
    decision: z.enum(["approve", "reject"], { error: "Choose approve or reject" }),
    reason: textOrNull(500, "Keep the reason under 500 characters"),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && (!v.reason || v.reason.length < 10))
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for rejecting, in at least 10 characters" });
  });
export type TDistributionDecision = z.output<typeof ZDistributionDecision>;

export const ZDistributionPaid = z.object({
  declarationId: z.coerce.number().int().positive("That declaration does not exist."),
  reference: requiredText(4, 60, "Enter the bank reference of the transfers", "Keep the reference under 60 characters"),
});
export type TDistributionPaid = z.output<typeof ZDistributionPaid>;
/** An approved distribution whose shares an admin sends through the payment provider, or checks on. */
export const ZDistributionRef = ZDistributionPaid.pick({ declarationId: true });

export const ZRedemptionRequest = z.object({
  investmentId: z.coerce.number({ error: "That investment does not exist." }).int().positive("That investment does not exist."),
});

export const ZRedemptionPaid = ZRedemptionRequest.extend({
  reference: requiredText(4, 60, "Enter the bank reference of the transfer", "Keep the reference under 60 characters"),
});

/** The investor's choice for an investment's future distributions: paid to the bank, or added to the investment. */
export const ZReinvestChoice = ZRedemptionRequest.extend({
  reinvest: z.enum(["yes", "no"], { error: "Choose how distributions are paid" }).transform((v) => v === "yes"),
});
export type TReinvestChoice = z.output<typeof ZReinvestChoice>;
