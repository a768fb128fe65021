import { z } from "zod";
import { refuse } from "@domain/errors/app-error";
import { LISTING_CATEGORIES, LISTING_KINDS, MARKETPLACE_SORTS, type TMarketplaceSort } from "@domain/marketplace/listings";
import type { TPartView } from "@domain/marketplace/sub-orders";
import { ORDER_STATUS_KEYS } from "@domain/orders/order-status";
import { parseAddressId } from "@domain/http/outside-text";
import { getMarketplaceListing } from "../../marketplace/get-marketplace-listing";
import { findBuyerPart, listBuyerPartsAfter } from "../../marketplace/list-order-parts";
import { listMarketplaceListings } from "../../marketplace/list-marketplace-listings";
import { keysetAnswer, numberedPage, pageAnswer, searchParamsOf, ZPageOf, ZPageQuery } from "./api-paging";
import { publicOperation, userOperation, type TApiOperation } from "./api-operation";

// The design marketplace's listings through the API (docs/product/api-gateway.md#marketplace): the same published
// listings, search, filters and order as /marketplace, a page at a time (its own pages), and one listing with its
// seller and photos. A design's files are described (kind and size), never linked. Public, like the pages.
// And the signed-in buyer's purchases by seller's part (sub-order), as /marketplace/buyer-dashboard shows them: another
// person's part is not found, and what the seller pays in commission is the seller's business, not shown.

const ZOrderStatus = z.enum(ORDER_STATUS_KEYS as [string, ...string[]]);

const ZPurchase = z
  .object({
    id: z.number().int(),
    label: z.string().describe("The part's number people read: the order's number and the part's position, ZV-100001-2"),
    status: ZOrderStatus,
    placedAt: z.string(),
    seller: z.object({ name: z.string(), slug: z.string().nullable().describe("null for the Zavolah store's own part") }),
    lines: z.array(
      z.object({
        name: z.string(),
        quantity: z.number().int(),
        unitPriceKobo: z.number().int(),
        lineTotalKobo: z.number().int(),
        listingSlug: z.string().nullable(),
      }),
    ),
    subtotalKobo: z.number().int(),
    shippingKobo: z.number().int(),
    totalKobo: z.number().int(),
    currency: z.literal("NGN"),
    trackingNote: z.string().nullable().describe("The seller's note on the delivery"),
    timeline: z.array(z.object({ status: ZOrderStatus, at: z.string(), note: z.string().nullable(), by: z.string() })),
  })
  .meta({ id: "MarketplacePurchase" });
const ZPurchasePage = ZPageOf("MarketplacePurchasePage", ZPurchase);

/** A part as its buyer sees it (app/components/marketplace/part-card.tsx, viewer "buyer"). */
const purchaseView = (p: TPartView) => ({
  id: p.id,
  label: p.label,
  status: p.status,
  placedAt: p.placedAt,
  seller: p.seller,
  lines: p.lines.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    unitPriceKobo: l.unitPriceKobo,
    lineTotalKobo: l.lineTotalKobo,
    listingSlug: l.href?.replace(/^\/marketplace\//, "") ?? null,
  })),
  subtotalKobo: p.subtotalKobo,
  shippingKobo: p.shippingKobo,
  totalKobo: p.subtotalKobo + p.shippingKobo,
  currency: "NGN" as const,
  trackingNote: p.trackingNote,
  timeline: p.events.map((e) => ({ status: e.toStatus, at: e.createdAt, note: e.note, by: e.actorLabel })),
});

const ZPhoto = z.object({ small: z.string(), large: z.string(), width: z.number().int(), height: z.number().int() });

const ZListingCard = z
  .object({
    slug: z.string(),
    kind: z.enum(LISTING_KINDS),
    title: z.string(),
    category: z.string(),
    priceKobo: z.number().int(),
    stock: z.number().int().nullable(),
    photo: ZPhoto.nullable(),
    seller: z.object({ slug: z.string(), displayName: z.string(), pickupState: z.string() }),
  })
  .meta({ id: "ListingCard" });

const ZListingPage = ZPageOf("ListingPage", ZListingCard, { total: z.number().int() });

const ZListing = z
  .object({
    slug: z.string(),
    kind: z.enum(LISTING_KINDS),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    priceKobo: z.number().int(),
    stock: z.number().int().nullable(),
    leadTimeDays: z.number().int().nullable(),
    delivery: z.string().nullable(),
    seller: z.object({ slug: z.string(), displayName: z.string(), kind: z.string(), pickupState: z.string(), pickupLga: z.string() }),
    photos: z.array(ZPhoto),
    files: z.array(z.object({ fileType: z.string(), bytes: z.number().int() })),
  })
  .meta({ id: "Listing" });

const ZListingQuery = z.object({
  q: z.string().max(100).optional(),
  category: z.enum(LISTING_CATEGORIES).optional(),
  kind: z.enum(LISTING_KINDS).optional(),
  seller: z.string().max(100).optional().describe("A seller's store slug"),
  min: z.string().max(20).optional().describe("Lowest price in naira"),
  max: z.string().max(20).optional().describe("Highest price in naira"),
  sort: z.enum(Object.keys(MARKETPLACE_SORTS) as [TMarketplaceSort, ...TMarketplaceSort[]]).optional(),
  cursor: z.string().max(200).optional(),
});

export const marketplaceOperations: TApiOperation[] = [
  publicOperation({
    method: "GET",
    path: "/marketplace/listings",
    operationId: "listMarketplaceListings",
    summary: "The marketplace's published listings, searched and filtered as on /marketplace, a page at a time",
    tag: "Marketplace",
    query: ZListingQuery,
    success: { status: 200, schema: ZListingPage, description: "A page of listings" },
    refusals: [],
    example: {},
    async handle({ query }) {
      const { cursor, ...filters } = query as z.output<typeof ZListingQuery>;
      const page = await numberedPage(cursor, (n) => listMarketplaceListings(searchParamsOf({ ...filters, page: String(n) })));
      return pageAnswer(page);
    },
  }),
  publicOperation({
    method: "GET",
    path: "/marketplace/listings/{slug}",
    operationId: "getMarketplaceListing",
    summary: "One published listing with its seller and photos (a design's files described, not linked)",
    tag: "Marketplace",
    success: { status: 200, schema: ZListing, description: "The listing" },
    refusals: [404],
    async handle({ params }) {
      const listing = await getMarketplaceListing(params.slug ?? "");
      if (!listing) return refuse("not_found", "There is no such listing in the marketplace.");
      const { id: _id, publishedAt: _published, updatedAt: _updated, ...shown } = listing;
      return { status: 200, body: shown };
    },
  }),
  userOperation({
    method: "GET",
    path: "/marketplace/orders",
    operationId: "listMarketplacePurchases",
    summary: "Your marketplace purchases by seller's part, newest first, a page at a time",
    tag: "Marketplace",
    query: ZPageQuery,
    success: { status: 200, schema: ZPurchasePage, description: "A page of purchases" },
    refusals: [],
    example: {},
    async handle({ caller, query }) {
      return keysetAnswer(
        query,
        (after, limit) => listBuyerPartsAfter(caller.viewer.id, after, limit),
        (p) => p.id,
        purchaseView,
      );
    },
  }),
  userOperation({
    method: "GET",
    path: "/marketplace/orders/{id}",
    operationId: "getMarketplacePurchase",
    summary: "One of your marketplace purchases (a seller's part of your order), with its timeline",
    tag: "Marketplace",
    success: { status: 200, schema: ZPurchase, description: "The purchase" },
    refusals: [404],
    async handle({ caller, params }) {
      const id = parseAddressId(params.id);
      const part = id === null ? null : await findBuyerPart(caller.viewer.id, id);
      return part ? { status: 200, body: purchaseView(part) } : refuse("not_found", "You have no marketplace purchase with that number.");
    },
  }),
];
