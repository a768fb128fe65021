import { eq, inArray, or } from "drizzle-orm";
import { slugify } from "@domain/text/slug";
import { PRODUCT_CATEGORIES } from "@domain/catalog/catalog";
import { describeChanges, type TImportItem, type TImportOptions, type TImportOutcome } from "@domain/migration/migration";
import type { TProductRecord } from "@domain/migration/records";
import { formatKobo } from "@domain/money/money";
import type { DbOrTx } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { products, productVariants } from "./schema";

const yesNo = (b: boolean) => (b ? "yes" : "no");

/**
 * Products from the old system (docs/product/data-migration.md#products), inside the caller's transaction: one product
 * with one variant per SKU. A SKU we sell already is that variant: the file's name, category, price, and (when given)
 * stock, description, brand and "on sale" replace ours. A new product is on sale unless the file says otherwise; it has
 * no pictures yet. With `apply: false` (the dry run) it answers the same outcomes and writes nothing.
 */
export async function importProducts(
  tx: DbOrTx,
  items: TImportItem<TProductRecord>[],
  { apply }: TImportOptions,
): Promise<TImportOutcome[]> {
  if (items.length === 0) return [];
  const knownIds = items.flatMap((i) => (i.knownId && /^\d+$/.test(i.knownId) ? [Number(i.knownId)] : []));
  const skus = items.map((i) => i.data.sku);
  const existing = await tx
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      variant: productVariants.name,
      priceKobo: productVariants.priceKobo,
      onHand: productVariants.onHand,
      productId: products.id,
      name: products.name,
      category: products.category,
      description: products.description,
      brand: products.brand,
      active: products.active,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      knownIds.length ? or(inArray(productVariants.sku, skus), inArray(productVariants.id, knownIds)) : inArray(productVariants.sku, skus),
    );
  const byId = new Map(existing.map((v) => [String(v.variantId), v]));
  const bySku = new Map(existing.map((v) => [v.sku, v]));

  // New products' addresses: the name as a slug, or with the SKU after it when another product has that slug.
  const wanted = items.flatMap((i) => [slugify(i.data.name), `${slugify(i.data.name)}-${slugify(i.data.sku)}`]);
  const taken = new Set((await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, wanted))).map((p) => p.slug));

  const creates: { data: TProductRecord; slug: string }[] = [];
  const updates: { found: (typeof existing)[number]; data: TProductRecord }[] = [];
  const outcomes = items.map(({ data, knownId }): TImportOutcome => {
    const found = (knownId ? byId.get(knownId) : undefined) ?? bySku.get(data.sku);
    if (!found) {
      const base = slugify(data.name) || slugify(data.sku);
      const slug = taken.has(base) ? `${base}-${slugify(data.sku)}`.slice(0, 120) : base;
      taken.add(slug);
      creates.push({ data, slug });
      return { action: "create", targetId: null, reference: data.sku, note: null };
    }
    const note = describeChanges([
      ["name", found.name, data.name],
      ["variant", found.variant, data.variant ?? found.variant],
      [
        "category",
        PRODUCT_CATEGORIES[found.category as keyof typeof PRODUCT_CATEGORIES] ?? found.category,
        PRODUCT_CATEGORIES[data.category],
      ],
      ["price", formatKobo(found.priceKobo), formatKobo(data.priceKobo)],
      ["stock", String(found.onHand), String(data.stock ?? found.onHand)],
      ["description", found.description.slice(0, 40), (data.description ?? found.description).slice(0, 40)],
      ["brand", found.brand ?? "none", data.brand ?? found.brand ?? "none"],
      ["on sale", yesNo(found.active), yesNo(data.onSale ?? found.active)],
    ]);
    if (note) updates.push({ found, data });
    return { action: note ? "update" : "unchanged", targetId: String(found.variantId), reference: found.sku, note };
  });
  if (!apply) return outcomes;

  const now = new Date();
  for (const { found, data } of updates) {
    await tx
      .update(products)
      .set({
        name: data.name,
        category: data.category,
        description: data.description ?? found.description,
        brand: data.brand ?? found.brand,
        active: data.onSale ?? found.active,
        updatedAt: now,
      })
      .where(eq(products.id, found.productId));
    await tx
      .update(productVariants)
      .set({ name: data.variant ?? found.variant, priceKobo: data.priceKobo, onHand: data.stock ?? found.onHand, updatedAt: now })
      .where(eq(productVariants.id, found.variantId));
  }
  if (creates.length) {
    const made = await tx
      .insert(products)
      .values(
        creates.map(({ data, slug }) => ({
          slug,
          name: data.name,
          category: data.category,
          brand: data.brand,
          description: data.description ?? "",
          active: data.onSale ?? true,
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    const productOf = new Map(made.map((p) => [p.slug, p.id]));
    const variants = await tx
      .insert(productVariants)
      .values(
        creates.map(({ data, slug }) => ({
          productId: productOf.get(slug)!,
          sku: data.sku,
          name: data.variant ?? "Standard",
          priceKobo: data.priceKobo,
          onHand: data.stock ?? 0,
        })),
      )
      .returning({ id: productVariants.id, sku: productVariants.sku });
    const variantOf = new Map(variants.map((v) => [v.sku, String(v.id)]));
    for (const [index, item] of items.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.action === "create") outcome.targetId = variantOf.get(item.data.sku) ?? null;
    }
  }
  // The store's pages and search show the new products and prices at once.
  if (creates.length || updates.length) bumpContentVersion();
  return outcomes;
}
