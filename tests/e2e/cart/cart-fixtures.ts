import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../../../server/db/seed/catalog-data";
import { BASE } from "../support";

/**
 * A seeded product's variant id: from its product page's add-to-cart form when the store has one, else
 * from the seed's order (variants are inserted in DEMO_PRODUCTS order on a fresh database).
 */
export async function variantIdOf(request: APIRequestContext, slug: string): Promise<number> {
  const res = await request.get(`/store/${slug}`);
  const match = res.ok() ? /name="variantId"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="variantId"/.exec(await res.text()) : null;
  if (match) return Number(match[1] ?? match[2]);
  const skus = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => ({ slug: p.slug, sku: v.sku })));
  return skus.findIndex((v) => v.slug === slug) + 1;
}

/** Adds as a fetcher would (JSON answer); shares the page's cookies. */
export async function addToCart(page: Page, slug: string, quantity: number | string = 1) {
  const res = await page.request.post("/cart/add", {
    form: { variantId: String(await variantIdOf(page.request, slug)), quantity: String(quantity), returnTo: `/store/${slug}`, _js: "1" },
    headers: { origin: BASE },
  });
  return {
    status: res.status(),
    body: (await res.json()) as { ok: boolean; message?: string; error?: { message: string }; cart?: { itemCount: number } },
  };
}
