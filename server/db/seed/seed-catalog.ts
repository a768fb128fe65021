import { inArray } from "drizzle-orm";
import { products, productVariants } from "../../catalog/schema";
import { getDb } from "../client";
import { DEMO_PRODUCTS } from "./catalog-data";

const DAY_MS = 86_400_000;

/**
 * Idempotent: adds the demo products whose slug is free, each with its variants; existing ones keep admins' edits.
 * Products later in the list are dated as added more recently, so "Newest" has an order to show.
 */
export async function seedCatalog() {
  const db = getDb();
  const now = Date.now();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map(({ variants: _variants, ...p }, i) => ({ ...p, createdAt: new Date(now - (DEMO_PRODUCTS.length - i) * DAY_MS) })),
      )
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
