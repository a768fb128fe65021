import { z } from "zod";
import { parseNairaToKobo } from "../money/money";
import { nairaBoundUpTo, optionalText } from "../catalog/catalog-input";
import {
  DELIVERY_OPTIONS,
  LISTING_CATEGORIES,
  LISTING_KINDS,
  LISTING_SLUG_PATTERN,
  MARKETPLACE_SORTS,
  MAX_LISTING_NAIRA,
  type TMarketplaceFilters,
  type TMarketplaceSort,
} from "./listings";

// The seller's listing form, staff's review and the marketplace's filters (docs/product/marketplace.md#listings),
// parsed on the server only.

export const LISTING_FORM_FIELDS = ["kind", "title", "description", "category", "price", "stock", "leadTimeDays", "delivery"] as const;

/** A whole number typed in a form; an empty box is "enter ...", not zero. */
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${what}`)
    .pipe(
      z.coerce
        .number<string>({ error: `Enter ${what}` })
        .int(`Enter ${what} as a whole number`)
        .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} must be at least ${min}`)
        .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} must be at most ${max.toLocaleString("en-NG")}`),
    );

/**
 * What a seller types for a listing. The price is naira as typed ("185,000"), kept as kobo. A product has stock,
 * a lead time and delivery options; a design has none of them (its files are what is sold).
 */
export const ZListingForm = z
  .object({
    kind: z.enum(LISTING_KINDS, { error: "Choose what you are listing" }),
    title: z
      .string({ error: "Give the listing a title" })
      .trim()
      .min(5, "Give the listing a title of at least 5 characters")
      .max(100, "Keep the title under 100 characters"),
    description: z
      .string({ error: "Describe the listing" })
      .trim()
      .min(30, "Describe the listing in at least 30 characters: size, materials, what is included")
      .max(3000, "Keep the description under 3,000 characters"),
    category: z.enum(LISTING_CATEGORIES, { error: "Choose a category" }),
    price: z.string({ error: "Enter the price in naira" }).transform((v, ctx) => {
      const kobo = parseNairaToKobo(v);
      if (kobo === null || kobo < 100_00 || kobo > MAX_LISTING_NAIRA * 100) {
        ctx.addIssue({
          code: "custom",
          message: `Enter the price in naira, e.g. 185000 (from ₦100 to ₦${MAX_LISTING_NAIRA.toLocaleString("en-NG")})`,
        });
        return z.NEVER;
      }
      return kobo;
    }),
    stock: z.string().optional(),
    leadTimeDays: z.string().optional(),
    delivery: z.string().optional(),
  })
  .transform((f, ctx) => {
    if (f.kind === "design") return { ...f, stock: null, leadTimeDays: null, delivery: null };
    const stock = wholeNumber("the number in stock", 0, 10_000).safeParse(f.stock ?? "");
    const lead = wholeNumber("the days to get it ready", 1, 90).safeParse(f.leadTimeDays ?? "");
    const delivery = z.enum(DELIVERY_OPTIONS).safeParse(f.delivery);
    if (!stock.success) ctx.addIssue({ code: "custom", path: ["stock"], message: stock.error.issues[0]!.message });
    if (!lead.success) ctx.addIssue({ code: "custom", path: ["leadTimeDays"], message: lead.error.issues[0]!.message });
    if (!delivery.success) ctx.addIssue({ code: "custom", path: ["delivery"], message: "Choose how buyers get it" });
    if (!stock.success || !lead.success || !delivery.success) return z.NEVER;
    return { ...f, stock: stock.data, leadTimeDays: lead.data, delivery: delivery.data };
  });
export type TListingForm = z.output<typeof ZListingForm>;

/** Ids of a listing's photos or files the seller ticked to remove ("12", "15"). */
export const ZRemovedIds = z.array(z.coerce.number().int().positive()).max(20).catch([]);

export const LISTING_REVIEW_FIELDS = ["note"] as const;

/** Staff approve or reject a listing; a rejection needs a reason the seller can act on. */
export const ZListingReview = z
  .object({
    listingId: z.coerce.number().int().positive(),
    decision: z.enum(["approve", "reject"], { error: "Choose approve or reject" }),
    note: z.string().trim().max(1000, "Keep the note under 1,000 characters").optional(),
    /** When the reviewer loaded the listing: an edit since then must be looked at first. */
    seen: z.iso.datetime({ error: "Reload the listing and review it again" }),
  })
  .superRefine((r, ctx) => {
    if (r.decision === "reject" && (r.note?.length ?? 0) < 10)
      ctx.addIssue({ code: "custom", path: ["note"], message: "Give the seller the reason, in at least 10 characters" });
  });
export type TListingReview = z.output<typeof ZListingReview>;

/** The seller takes a listing off the marketplace, or sends it back for review. */
export const ZListingVisibility = z.object({
  listingId: z.coerce.number().int().positive(),
  intent: z.enum(["unpublish", "resubmit"], { error: "Choose unpublish or send for review" }),
});

const optionalSlug = z.string().trim().toLowerCase().max(80).regex(LISTING_SLUG_PATTERN).nullable().catch(null);

/** The marketplace's query string; every field falls back to its default alone, so a mistyped link still works. */
export const ZMarketplaceFilters = z
  .object({
    q: optionalText(100),
    category: z.enum(LISTING_CATEGORIES).nullable().catch(null),
    kind: z.enum(LISTING_KINDS).nullable().catch(null),
    seller: optionalSlug,
    min: nairaBoundUpTo(MAX_LISTING_NAIRA),
    max: nairaBoundUpTo(MAX_LISTING_NAIRA),
    sort: z.enum(Object.keys(MARKETPLACE_SORTS) as [TMarketplaceSort, ...TMarketplaceSort[]]).catch("newest"),
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
  })
  .transform((f) => (f.min !== null && f.max !== null && f.min > f.max ? { ...f, min: f.max, max: f.min } : f));

export function parseMarketplaceFilters(
  params: URLSearchParams | Partial<Record<keyof TMarketplaceFilters, unknown>>,
): TMarketplaceFilters {
  const raw = params instanceof URLSearchParams ? Object.fromEntries([...params.keys()].map((k) => [k, params.get(k)])) : params;
  return ZMarketplaceFilters.parse({
    q: null,
    category: null,
    kind: null,
    seller: null,
    min: null,
    max: null,
    sort: "newest",
    page: 1,
    ...raw,
  });
}
