import { z } from "zod";
import { refuse } from "@domain/errors/app-error";
import { LISTING_CATEGORIES, LISTING_KINDS, MARKETPLACE_SORTS, type TMarketplaceSort } from "@domain/marketplace/listings";
import { getMarketplaceListing } from "../../marketplace/get-marketplace-listing";
import { listMarketplaceListings } from "../../marketplace/list-marketplace-listings";
import { numberedPage, searchParamsOf } from "./api-paging";
import { publicOperation, type TApiOperation } from "./api-operation";

// The design marketplace's listings through the API (docs/product/api-gateway.md#marketplace): the same published
// listings, search, filters and order as /marketplace, a page at a time (its own pages), and one listing with its
// seller and photos. A design's files are described (kind and size), never linked. Public, like the pages.

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

const ZListingPage = z
  .object({ items: z.array(ZListingCard), nextCursor: z.string().nullable(), total: z.number().int() })
  .meta({ id: "ListingPage" });

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
      if (!page.ok) return page;
      return { status: 200, body: { items: page.items, nextCursor: page.nextCursor, total: page.total } };
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
];
