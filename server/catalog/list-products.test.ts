import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRODUCTS_PER_PAGE, storeHref } from "@domain/catalog/catalog";
import { parseProductFilters } from "@domain/catalog/catalog-input";
import { useTestDatabase } from "../../tests/support/test-database";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { DEMO_PRODUCTS } from "../db/seed/catalog-data";
import { seedCatalog } from "../db/seed/seed-catalog";
import { stockReservations } from "../inventory/schema";
import { orders } from "../orders/schema";
import { getProductBySlug } from "./get-product";
import { listProducts, listProductUrls, prefixTsQuery } from "./list-products";
import { products, productVariants } from "./schema";

useTestDatabase();

const slugs = (list: { items: { slug: string }[] }) => list.items.map((p) => p.slug);
const activeCount = DEMO_PRODUCTS.length;

describe("store query string", () => {
  it("reads good values and falls back to defaults on bad ones, field by field", () => {
    expect(
      parseProductFilters(
        new URLSearchParams("q=  lithium  battery &category=batteries&min=100,000&max=₦500000&inStock=1&sort=price-desc&page=2"),
      ),
    ).toEqual({
      q: "lithium battery",
      category: "batteries",
      min: 100_000,
      max: 500_000,
      inStock: true,
      sort: "price-desc",
      page: 2,
    });
    expect(
      parseProductFilters(new URLSearchParams("q=&category=fridges&min=cheap&max=-5&inStock=maybe&sort=random&page=-1&utm_source=x")),
    ).toEqual({
      q: null,
      category: null,
      min: null,
      max: null,
      inStock: false,
      sort: "featured",
      page: 1,
    });
    // A reversed range is what the shopper meant the other way round.
    expect(parseProductFilters(new URLSearchParams("min=900000&max=100000"))).toMatchObject({ min: 100_000, max: 900_000 });
    expect(parseProductFilters(new URLSearchParams("page=abc"))).toMatchObject({ page: 1 });
  });

  it("writes short links with only what differs from the defaults", () => {
    expect(storeHref({})).toBe("/store");
    expect(storeHref(parseProductFilters(new URLSearchParams("category=panels&page=1&sort=featured")))).toBe("/store?category=panels");
    expect(storeHref({ q: "solar panel", inStock: true, page: 3, sort: "name" })).toBe("/store?q=solar+panel&inStock=1&sort=name&page=3");
    expect(prefixTsQuery("Inver-ter sola!")).toBe("inver:* & ter:* & sola:*");
    expect(prefixTsQuery("'& |")).toBeNull();
  });
});

describe("listProducts and getProductBySlug", () => {
  it("seeds a realistic catalogue once: every category, variants, specs, images, prices under the 32-bit limit", async () => {
    await seedCatalog();
    await seedCatalog();
    const all = await listProducts();
    expect(all.total).toBe(activeCount);
    expect(activeCount).toBeGreaterThanOrEqual(32);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.category)).size).toBe(6);
    for (const p of DEMO_PRODUCTS) {
      expect(p.specs.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.specs.length, p.slug).toBeLessThanOrEqual(8);
      expect(p.images.length, p.slug).toBeGreaterThan(0);
      for (const v of p.variants) expect(v.priceKobo, v.sku).toBeLessThan(2_100_000_000);
    }
    const skus = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    expect(DEMO_PRODUCTS.filter((p) => p.variants.every((v) => v.onHand === 0)).length).toBeGreaterThanOrEqual(1);
  });

  it("finds products by a word in the description, by a stem, and by a half-typed word", async () => {
    // "NEPA" appears only in descriptions.
    const nepa = await listProducts({ q: "nepa" });
    expect(slugs(nepa)).toEqual(expect.arrayContaining(["hybrid-inverter-3-5kva", "solar-lighting-kit"]));
    expect(
      nepa.items.every((p) =>
        DEMO_PRODUCTS.find((d) => d.slug === p.slug)!
          .description.toLowerCase()
          .includes("nepa"),
      ),
    ).toBe(true);
    // Stemming: "batteries" finds "battery".
    expect(slugs(await listProducts({ q: "batteries" }))).toContain("tubular-battery-200ah");
    // Prefix and substring fallbacks.
    const inver = await listProducts({ q: "inver" });
    expect(inver.items.length).toBeGreaterThan(3);
    expect(inver.items.some((p) => p.category === "inverters")).toBe(true);
    expect(slugs(await listProducts({ q: "sofa" }))).toEqual(expect.arrayContaining(["detachable-smart-sofa", "sofa-bed-with-storage"]));
    // Websearch syntax and punctuation do not break the query.
    expect(slugs(await listProducts({ q: 'lithium -"12.8V"' }))).not.toContain("lithium-12v-lifepo4-battery");
    expect((await listProducts({ q: "100% & (|" })).items).toBeDefined();
    expect((await listProducts({ q: "no-such-thing-xyz" })).total).toBe(0);
    // The best match comes first.
    expect((await listProducts({ q: "wall bed" })).items[0]!.slug).toBe("wall-bed-with-desk");
  });

  it("filters by category and by a price range in naira on the lowest variant price", async () => {
    const panels = await listProducts({ category: "panels" });
    expect(panels.total).toBe(DEMO_PRODUCTS.filter((p) => p.category === "panels").length);
    expect(panels.items.every((p) => p.category === "panels")).toBe(true);

    const mid = await listProducts({ category: "batteries", min: "150000", max: "600000" });
    expect(mid.items.length).toBeGreaterThan(0);
    for (const p of mid.items) {
      expect(p.minPriceKobo).toBeGreaterThanOrEqual(15_000_000);
      expect(p.minPriceKobo).toBeLessThanOrEqual(60_000_000);
    }
    // The 5kWh battery's lowest variant is ₦1,450,000 even though the 10kWh one costs more.
    const lithium = (await listProducts({ q: "5kWh lithium energy storage" })).items.find((p) => p.slug === "lithium-battery-5kwh")!;
    expect(lithium).toMatchObject({ minPriceKobo: 145_000_000, maxPriceKobo: 275_000_000, variantCount: 2 });
    expect(slugs(await listProducts({ min: "1450000", max: "1450000" }))).toContain("lithium-battery-5kwh");
  });

  it("shows only what can be sold with inStock, counting active reservations", async () => {
    const outOfStock = DEMO_PRODUCTS.filter((p) => p.variants.every((v) => v.onHand === 0)).map((p) => p.slug);
    const all = await listProducts({ page: "1" });
    const inStock = await listProducts({ inStock: "1" });
    expect(inStock.total).toBe(all.total - outOfStock.length);
    for (let page = 1; page <= inStock.pageCount; page++) {
      const list = await listProducts({ inStock: true, page });
      expect(list.items.every((p) => p.available > 0)).toBe(true);
      expect(slugs(list).some((s) => outOfStock.includes(s))).toBe(false);
    }

    // Reserve the only 10kVA rack battery: it is no longer in stock for anyone else.
    const db = getDb();
    const rack = (await getProductBySlug("lithium-rack-battery-15kwh"))!;
    expect(rack.variants[0]!.available).toBe(1);
    await db
      .insert(users)
      .values({ id: "buyer-1", email: "ngozi@example.ng", name: "Ngozi Eze", emailVerified: true })
      .onConflictDoNothing();
    const [order] = await db
      .insert(orders)
      .values({
        userId: "buyer-1",
        paymentMethod: "bank_transfer",
        email: "ngozi@example.ng",
        customerName: "Ngozi Eze",
        phone: "08031234567",
        addressLine: "12 Allen Avenue",
        city: "Ikeja",
        state: "Lagos",
        deliveryMethod: "standard",
        deliveryDays: 3,
        subtotalKobo: 780_000_000,
        shippingKobo: 0,
        vatKobo: 0,
        vatRateBasisPoints: 750,
        totalKobo: 780_000_000,
        checkoutKey: "test-rack",
      })
      .returning({ id: orders.id });
    await db
      .insert(stockReservations)
      .values({ orderId: order!.id, variantId: rack.variants[0]!.id, quantity: 1, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await getProductBySlug("lithium-rack-battery-15kwh"))!.variants[0]!.available).toBe(0);
    expect(slugs(await listProducts({ q: "rack battery bank", inStock: true }))).not.toContain("lithium-rack-battery-15kwh");
    // An expired reservation holds nothing.
    await db
      .update(stockReservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stockReservations.orderId, order!.id));
    expect((await getProductBySlug("lithium-rack-battery-15kwh"))!.variants[0]!.available).toBe(1);
  });

  it("sorts by price both ways, by name and by newest, and keeps in-stock items first when featured", async () => {
    const prices = async (sort: string) => {
      const out: number[] = [];
      const first = await listProducts({ sort });
      for (let page = 1; page <= first.pageCount; page++)
        out.push(...(await listProducts({ sort, page })).items.map((p) => p.minPriceKobo));
      return out;
    };
    const asc = await prices("price-asc");
    expect(asc).toHaveLength(activeCount);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = await prices("price-desc");
    expect(desc).toEqual([...desc].sort((a, b) => b - a));

    const names = (await listProducts({ sort: "name", category: "smart-furniture" })).items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await listProducts({ sort: "newest" })).items[0]!.slug).toBe(DEMO_PRODUCTS.at(-1)!.slug);

    const featured = (await listProducts({ category: "lighting" })).items;
    const firstOut = featured.findIndex((p) => p.available === 0);
    expect(firstOut).toBeGreaterThan(0);
    expect(featured.slice(firstOut).every((p) => p.available === 0)).toBe(true);
  });

  it("pages through everything once, and a page past the end shows the last page", async () => {
    const first = await listProducts();
    expect(first.items).toHaveLength(PRODUCTS_PER_PAGE);
    expect(first.pageCount).toBe(Math.ceil(activeCount / PRODUCTS_PER_PAGE));
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) seen.push(...slugs(await listProducts({ page })));
    expect(new Set(seen).size).toBe(activeCount);
    const past = await listProducts({ page: 999 });
    expect(past.page).toBe(first.pageCount);
    expect(past.filters.page).toBe(first.pageCount);
    expect(past.items.length).toBe(activeCount - (first.pageCount - 1) * PRODUCTS_PER_PAGE);
  });

  it("hides inactive products from the listing, the product page and the sitemap", async () => {
    const db = getDb();
    await db.update(products).set({ active: false }).where(eq(products.slug, "foldable-study-desk"));
    expect(await getProductBySlug("foldable-study-desk")).toBeNull();
    expect(slugs(await listProducts({ q: "study desk" }))).not.toContain("foldable-study-desk");
    expect((await listProductUrls()).map((u) => u.slug)).not.toContain("foldable-study-desk");
    expect((await listProducts()).total).toBe(activeCount - 1);
    await db.update(products).set({ active: true }).where(eq(products.slug, "foldable-study-desk"));
  });

  it("gives a product page its variants in order with stock, and null for unknown slugs", async () => {
    const sofa = (await getProductBySlug("detachable-smart-sofa"))!;
    expect(sofa).toMatchObject({ name: "Detachable Smart Sofa with Charging", category: "smart-furniture", maxPerOrder: 3 });
    expect(sofa.specs.length).toBeGreaterThanOrEqual(3);
    expect(sofa.variants.map((v) => [v.name, v.available])).toEqual([
      ["Forest green", 7],
      ["Ash grey", 4],
      ["Terracotta", 0],
    ]);
    expect(await getProductBySlug("no-such-product")).toBeNull();
    expect(await getProductBySlug("../etc/passwd")).toBeNull();
    // Stock edits show at once.
    const ids = sofa.variants.map((v) => v.id);
    await getDb().update(productVariants).set({ onHand: 0 }).where(inArray(productVariants.id, ids));
    expect((await getProductBySlug("detachable-smart-sofa"))!.variants.every((v) => v.available === 0)).toBe(true);
  });
});
