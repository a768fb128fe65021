import { z } from "zod";
import { CATEGORY_KEYS, PRODUCT_SORTS, type TProductSort } from "@domain/catalog/catalog";
import { refuse } from "@domain/errors/app-error";
import { getProductBySlug } from "../../catalog/get-product";
import { listProducts } from "../../catalog/list-products";
import { numberedPage, pageAnswer, ZPageOf } from "./api-paging";
import { publicOperation, type TApiOperation } from "./api-operation";

// The store's catalogue through the API (docs/product/api-gateway.md#catalogue): the same products, search, filters
// and order as /store, a page of 12 at a time (the store's own pages), and one product with its variants and what is
// left of each. Public, like the store.

const ZProductCard = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    category: z.enum(CATEGORY_KEYS as [string, ...string[]]),
    brand: z.string().nullable(),
    image: z.string().nullable(),
    minPriceKobo: z.number().int(),
    maxPriceKobo: z.number().int(),
    available: z.number().int(),
    variantCount: z.number().int(),
  })
  .meta({ id: "ProductCard" });

const ZProductPage = ZPageOf("ProductPage", ZProductCard, { total: z.number().int() });

const ZProduct = ZProductCard.omit({ image: true, minPriceKobo: true, maxPriceKobo: true, available: true, variantCount: true })
  .extend({
    images: z.array(z.string()),
    description: z.string(),
    specs: z.unknown(),
    maxPerOrder: z.number().int(),
    variants: z.array(
      z.object({ id: z.number().int(), sku: z.string(), name: z.string(), priceKobo: z.number().int(), available: z.number().int() }),
    ),
  })
  .meta({ id: "Product" });

const ZProductQuery = z.object({
  q: z.string().max(100).optional().describe("Words to search for"),
  category: z.enum(CATEGORY_KEYS as [string, ...string[]]).optional(),
  sort: z.enum(Object.keys(PRODUCT_SORTS) as [TProductSort, ...TProductSort[]]).optional(),
  min: z.string().max(20).optional().describe("Lowest price in naira"),
  max: z.string().max(20).optional().describe("Highest price in naira"),
  inStock: z.enum(["true", "false"]).optional(),
  cursor: z.string().max(200).optional(),
});

export const catalogueOperations: TApiOperation[] = [
  publicOperation({
    method: "GET",
    path: "/products",
    operationId: "listProducts",
    summary: "The store's products, searched and filtered as on /store, 12 a page",
    tag: "Store",
    query: ZProductQuery,
    success: { status: 200, schema: ZProductPage, description: "A page of products" },
    refusals: [],
    example: {},
    async handle({ query }) {
      const { cursor, ...filters } = query as z.output<typeof ZProductQuery>;
      const page = await numberedPage(cursor, (n) => listProducts({ ...filters, page: n }));
      return pageAnswer(page);
    },
  }),
  publicOperation({
    method: "GET",
    path: "/products/{slug}",
    operationId: "getProduct",
    summary: "One product, with its variants, their prices and what is left of each",
    tag: "Store",
    success: { status: 200, schema: ZProduct, description: "The product" },
    refusals: [404],
    async handle({ params }) {
      const product = await getProductBySlug(params.slug ?? "");
      if (!product) return refuse("not_found", "There is no such product in the store.");
      return {
        status: 200,
        body: {
          id: product.id,
          slug: product.slug,
          name: product.name,
          category: product.category,
          brand: product.brand,
          images: product.images,
          description: product.description,
          specs: product.specs,
          maxPerOrder: product.maxPerOrder,
          variants: product.variants,
        },
      };
    },
  }),
];
