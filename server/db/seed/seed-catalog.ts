import { inArray } from "drizzle-orm";
import { products, productVariants } from "../../catalog/schema";
import { getDb } from "../client";
import { DEMO_PRODUCTS } from "./catalog-data";

/** Idempotent: adds the demo products whose slug is free, each with its variants; existing ones keep admins' edits. */
export async function seedCatalog() {
  const db = getDb();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(DEMO_PRODUCTS.map(({ variants: _variants, ...p }) => p))
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id, slug: products.slug });
    if (inserted.length === 0) return;
    const idBySlug = new Map(inserted.map((p) => [p.slug, p.id]));
    const variants = DEMO_PRODUCTS.filter((p) => idBySlug.has(p.slug)).flatMap((p) =>
      p.variants.map((v, position) => ({ ...v, productId: idBySlug.get(p.slug)!, position })),
    );
    await tx.insert(productVariants).values(variants).onConflictDoNothing({ target: productVariants.sku });
  });
}

/** For tests that need to know the seeded catalogue's ids. */
export async function findSeededProductIds(slugs: string[]) {
  return getDb().select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs));
}
