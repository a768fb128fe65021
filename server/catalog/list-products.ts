import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { parseProductFilters } from "@domain/catalog/catalog-input";
import {
  PRODUCTS_PER_PAGE,
  type TProductCard,
  type TProductCategory,
  type TProductFilters,
  type TProductFiltersInput,
} from "@domain/catalog/catalog";
import { paginate } from "../db/paginate";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { availableSql } from "../inventory/available-stock";
import { productSummaryColumns } from "./product-columns";
import { products, productVariants } from "./schema";

export type TProductList = { items: TProductCard[]; total: number; page: number; pageCount: number; filters: TProductFilters };

/** "inver sola" -> "inver:* & sola:*": a prefix query for words still being typed (letters and digits only). */
export function prefixTsQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[a-z0-9]+/g)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** Per product: price range, units available (never below zero per variant) and how many variants. */
function variantSummary() {
  const db = getDb();
  return db
    .select({
      productId: productVariants.productId,
      minPrice: sql<number>`min(${productVariants.priceKobo})::int`.as("min_price"),
      maxPrice: sql<number>`max(${productVariants.priceKobo})::int`.as("max_price"),
      available: sql<number>`sum(greatest(${availableSql()}, 0))::int`.as("available"),
      variantCount: sql<number>`count(*)::int`.as("variant_count"),
    })
    .from(productVariants)
    .groupBy(productVariants.productId)
    .as("v");
}

/**
 * The store's listing (/store, docs/product/store-and-orders.md#catalogue): active products matching the filters, one page at a time.
 * Search uses the generated search_vector (websearch syntax: "lithium -tubular", quoted phrases), plus a prefix
 * match and a name/brand substring match so half-typed words ("inver") still find things. A page past the
 * end shows the last page.
 */
export async function listProducts(input: URLSearchParams | TProductFiltersInput = {}): Promise<TProductList> {
  const filters = parseProductFilters(input);
  const db = getDb();
  const v = variantSummary();

  let matchesQuery: SQL | undefined;
  let rank: SQL<number> | undefined;
  if (filters.q) {
    const web = sql`websearch_to_tsquery('english', ${filters.q})`;
    const prefix = prefixTsQuery(filters.q);
    const pattern = containsTerm(filters.q);
    matchesQuery = or(
      sql`${products.searchVector} @@ ${web}`,
      prefix ? sql`${products.searchVector} @@ to_tsquery('english', ${prefix})` : undefined,
      ilike(products.name, pattern),
      ilike(products.brand, pattern),
    );
    rank = sql<number>`ts_rank(${products.searchVector}, ${web}) + ${prefix ? sql`ts_rank(${products.searchVector}, to_tsquery('english', ${prefix})) * 0.5` : sql`0`}`;
  }

  const where = and(
    eq(products.active, true),
    filters.category ? eq(products.category, filters.category) : undefined,
    filters.min !== null ? gte(v.minPrice, filters.min * 100) : undefined,
    filters.max !== null ? lte(v.minPrice, filters.max * 100) : undefined,
    filters.inStock ? sql`${v.available} > 0` : undefined,
    matchesQuery,
  );

  const inStockFirst = sql`(${v.available} > 0) desc`;
  const order: SQL[] = {
    featured: [...(rank ? [desc(rank)] : []), inStockFirst, asc(products.id)],
    "price-asc": [asc(v.minPrice), asc(products.id)],
    "price-desc": [desc(v.minPrice), asc(products.id)],
    newest: [desc(products.createdAt), desc(products.id)],
    name: [asc(products.name), asc(products.id)],
  }[filters.sort];

  const { rows, total, page, pageCount } = await paginate(
    filters.page,
    PRODUCTS_PER_PAGE,
    async () => (await db.select({ n: count() }).from(products).innerJoin(v, eq(v.productId, products.id)).where(where))[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select({
          ...productSummaryColumns,
          minPriceKobo: v.minPrice,
          maxPriceKobo: v.maxPrice,
          available: v.available,
          variantCount: v.variantCount,
        })
        .from(products)
        .innerJoin(v, eq(v.productId, products.id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );

  const items = rows.map(({ images, ...r }): TProductCard => ({
    ...r,
    category: r.category as TProductCategory,
    image: images[0] ?? null,
    minPriceKobo: Number(r.minPriceKobo),
    maxPriceKobo: Number(r.maxPriceKobo),
    available: Number(r.available),
    variantCount: Number(r.variantCount),
  }));
  return { items, total, page, pageCount, filters: { ...filters, page } };
}

/** Every active product's address and last change, for sitemap.xml. */
export async function listProductUrls() {
  return getDb()
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
}
