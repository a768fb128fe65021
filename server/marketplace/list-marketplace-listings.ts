import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { parseMarketplaceFilters } from "@domain/marketplace/listing-input";
import { LISTINGS_PER_PAGE, type TListingCard, type TListingKind, type TMarketplaceFilters } from "@domain/marketplace/listings";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { firstPhotosOf } from "./listing-photos";
import { marketplaceListings, sellers } from "./schema";

export type TMarketplaceList = { items: TListingCard[]; total: number; page: number; pageCount: number; filters: TMarketplaceFilters };

/** What buyers may see: a published listing of an active seller (docs/product/marketplace.md#listings). */
export const publicListing = () => and(eq(marketplaceListings.status, "published"), eq(sellers.status, "active"));
/** The same, as a column: true when buyers may see the listing. */
export const isPublicListing = () => sql<boolean>`(${marketplaceListings.status} = 'published' and ${sellers.status} = 'active')`;

/** The columns a listing card shows (select from listings joined to their sellers). */
export const listingCardColumns = {
  id: marketplaceListings.id,
  slug: marketplaceListings.slug,
  kind: marketplaceListings.kind,
  title: marketplaceListings.title,
  category: marketplaceListings.category,
  priceKobo: marketplaceListings.priceKobo,
  stock: marketplaceListings.stock,
  sellerSlug: sellers.slug,
  sellerName: sellers.displayName,
  pickupState: sellers.pickupState,
};

type TListingCardRow = {
  id: number;
  slug: string;
  kind: string;
  title: string;
  category: string;
  priceKobo: number;
  stock: number | null;
  sellerSlug: string;
  sellerName: string;
  pickupState: string;
};

/** Rows of `listingCardColumns` as cards, each with its first photo. */
export async function toListingCards(rows: TListingCardRow[]): Promise<TListingCard[]> {
  const photos = await firstPhotosOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    slug: r.slug,
    kind: r.kind as TListingKind,
    title: r.title,
    category: r.category,
    priceKobo: Number(r.priceKobo),
    stock: r.stock,
    photo: photos.get(r.id) ?? null,
    seller: { slug: r.sellerSlug, displayName: r.sellerName, pickupState: r.pickupState },
  }));
}

/**
 * The marketplace's catalogue (/marketplace, and a storefront's listings through `seller`): published listings of
 * active sellers matching the filters, one page at a time. A page past the end shows the last page.
 */
export async function listMarketplaceListings(input: URLSearchParams | Partial<TMarketplaceFilters> = {}): Promise<TMarketplaceList> {
  const filters = parseMarketplaceFilters(input);
  const db = getDb();
  const pattern = filters.q ? containsTerm(filters.q) : null;
  const where = and(
    publicListing(),
    pattern
      ? or(ilike(marketplaceListings.title, pattern), ilike(marketplaceListings.description, pattern), ilike(sellers.displayName, pattern))
      : undefined,
    filters.category ? eq(marketplaceListings.category, filters.category) : undefined,
    filters.kind ? eq(marketplaceListings.kind, filters.kind) : undefined,
    filters.seller ? eq(sellers.slug, filters.seller) : undefined,
    filters.min !== null ? gte(marketplaceListings.priceKobo, filters.min * 100) : undefined,
    filters.max !== null ? lte(marketplaceListings.priceKobo, filters.max * 100) : undefined,
  );
  const order: SQL[] = {
    newest: [desc(marketplaceListings.publishedAt), desc(marketplaceListings.id)],
    "price-asc": [asc(marketplaceListings.priceKobo), asc(marketplaceListings.id)],
    "price-desc": [desc(marketplaceListings.priceKobo), asc(marketplaceListings.id)],
  }[filters.sort];
  const { rows, total, page, pageCount } = await paginate(
    filters.page,
    LISTINGS_PER_PAGE,
    async () =>
      (
        await db
          .select({ n: count() })
          .from(marketplaceListings)
          .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
          .where(where)
      )[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select(listingCardColumns)
        .from(marketplaceListings)
        .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  const items = await toListingCards(rows);
  return { items, total, page, pageCount, filters: { ...filters, page } };
}

/** Every public listing's address and last change, for sitemap.xml. */
export async function listListingUrls() {
  return getDb()
    .select({ slug: marketplaceListings.slug, updatedAt: marketplaceListings.updatedAt })
    .from(marketplaceListings)
    .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
    .where(publicListing())
    .orderBy(asc(marketplaceListings.id));
}
