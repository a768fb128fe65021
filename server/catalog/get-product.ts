import { and, asc, eq, sql } from "drizzle-orm";
import type { TProductCategory } from "@domain/catalog/catalog";
import { getDb } from "../db/client";
import { availableSql } from "../inventory/available-stock";
import { productSummaryColumns } from "./product-columns";
import { products, productVariants } from "./schema";

export type TProductVariantView = { id: number; sku: string; name: string; priceKobo: number; available: number };

/** An active product with its variants in display order, each with the units that can still be sold; null otherwise. */
export async function getProductBySlug(slug: string) {
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  const db = getDb();
  const [product] = await db
    .select({
      ...productSummaryColumns,
      description: products.description,
      specs: products.specs,
      maxPerOrder: products.maxPerOrder,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.active, true)));
  if (!product) return null;
  const variants = await db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      name: productVariants.name,
      priceKobo: productVariants.priceKobo,
      available: sql<number>`greatest(${availableSql()}, 0)`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    ...product,
    category: product.category as TProductCategory,
    variants: variants.map((v): TProductVariantView => ({ ...v, available: Number(v.available) })),
  };
}
export type TProductDetail = NonNullable<Awaited<ReturnType<typeof getProductBySlug>>>;
