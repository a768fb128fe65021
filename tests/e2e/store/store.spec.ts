import { expect, test, type Page } from "@playwright/test";
import { PRODUCTS_PER_PAGE } from "@domain/catalog/catalog";
import { DEMO_PRODUCTS } from "../../../server/db/seed/catalog-data";
import { hydrated } from "../support";
import { servedPage } from "../served-page";

// The store as a shopper uses it: browse, search, filter, sort, page, open a product. Runs on the demo seed.

const TOTAL = DEMO_PRODUCTS.length;
const results = (page: Page) => page.getByRole("region", { name: "Products" });
const cards = (page: Page) => results(page).getByRole("article");
const naira = (text: string) => Number(/₦([\d,]+)/.exec(text)![1]!.replace(/,/g, ""));
const cardPrices = async (page: Page) => (await cards(page).locator("p.text-lg").allTextContents()).map(naira);

test("browse by category from the store's category links", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByRole("heading", { level: 1, name: "Solar & Smart Furniture Store" })).toBeVisible();
  await expect(results(page).getByRole("status")).toHaveText(`Showing 1-${PRODUCTS_PER_PAGE} of ${TOTAL} products`);
  await hydrated(page);
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Batteries" }).click();
  await expect(page).toHaveURL(/\/store\?category=batteries$/);
  await expect(page.getByRole("heading", { level: 1, name: "Batteries" })).toBeVisible();
  const batteries = DEMO_PRODUCTS.filter((p) => p.category === "batteries");
  await expect(cards(page)).toHaveCount(batteries.length);
  for (const text of await cards(page).allTextContents()) expect(text).toContain("Batteries");
  await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Batteries" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page).toHaveTitle("Batteries | Zavolah");
});

test("the header search box lands on the store's results", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await hydrated(page);
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
  await search.fill("inverter");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/store\?q=inverter$/);
  await expect(page.getByRole("heading", { level: 1, name: "Results for “inverter”" })).toBeVisible();
  await expect(results(page).getByRole("link", { name: "3.5kVA Hybrid Inverter" })).toBeVisible();
  // A half-typed word still finds things; the filter form shows what was searched.
  await page.goto("/store?q=sofa");
  await expect(results(page).getByRole("link", { name: "Detachable Smart Sofa with Charging" })).toBeVisible();
  await expect(page.getByRole("search", { name: "Filter products" }).getByLabel("Search")).toHaveValue("sofa");
});

test("filter by price range and stock, then clear the filters", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/store");
  await hydrated(page);
  const form = page.getByRole("search", { name: "Filter products" });
  await form.getByLabel("Minimum").fill("50000");
  await form.getByLabel("Maximum").fill("500000");
  await form.getByLabel("In stock only").check();
  await form.getByRole("button", { name: "Show products" }).click();
  // With JavaScript the address carries only the filters in use.
  await expect(page).toHaveURL(/\/store\?min=50000&max=500000&inStock=1$/);
  // The filtered list has replaced the whole one (on a busy machine the address can change first).
  await expect(results(page).getByRole("status")).not.toHaveText(`Showing 1-${PRODUCTS_PER_PAGE} of ${TOTAL} products`);
  await expect(cards(page).first()).toBeVisible();
  for (const price of await cardPrices(page)) {
    expect(price).toBeGreaterThanOrEqual(50_000);
    expect(price).toBeLessThanOrEqual(500_000);
  }
  await expect(results(page).getByText("Out of stock")).toHaveCount(0);
  // Nothing matches: the empty state says why and offers a way back.
  await form.getByLabel("Search").fill("wheelbarrow");
  await form.getByRole("button", { name: "Show products" }).click();
  await expect(page.getByRole("heading", { name: "No products match “wheelbarrow” between ₦50,000 and ₦500,000 in stock" })).toBeVisible();
  await results(page).getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(cards(page)).toHaveCount(PRODUCTS_PER_PAGE);
});

test("sort by price both ways", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/store?category=panels");
  await hydrated(page);
  const form = page.getByRole("search", { name: "Filter products" });
  await form.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  await form.getByRole("button", { name: "Show products" }).click();
  await expect(page).toHaveURL(/category=panels&sort=price-asc/);
  // The address changes as the new list arrives: wait for the cards to show it rather than read the old ones.
  const isAscending = (prices: number[]) => prices.length > 3 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
  await expect.poll(async () => isAscending(await cardPrices(page))).toBe(true);
  const ascending = await cardPrices(page);
  await page.goto("/store?category=panels&sort=price-desc");
  const descending = await cardPrices(page);
  expect(descending).toEqual([...ascending].reverse());
});

test("page through the catalogue", async ({ page }) => {
  await page.goto("/store");
  await hydrated(page);
  const firstPage = await cards(page).getByRole("link").allTextContents();
  const pages = page.getByRole("navigation", { name: "Store pages" });
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/store\?page=2$/);
  await expect(results(page).getByRole("status")).toHaveText(
    `Showing ${PRODUCTS_PER_PAGE + 1}-${PRODUCTS_PER_PAGE * 2} of ${TOTAL} products`,
  );
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  const secondPage = await cards(page).getByRole("link").allTextContents();
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/store$/);
  // A page past the end shows the last one rather than an error.
  await page.goto("/store?page=99");
  await expect(pages.getByRole("link", { name: `Page ${Math.ceil(TOTAL / PRODUCTS_PER_PAGE)}` })).toHaveAttribute("aria-current", "page");
});

test("a product page shows the gallery, specs, variants with their stock, and an add-to-cart form for /cart/add", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/store?category=smart-furniture");
  await results(page).getByRole("link", { name: "Detachable Smart Sofa with Charging" }).click();
  await expect(page).toHaveURL(/\/store\/detachable-smart-sofa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Detachable Smart Sofa with Charging" })).toBeVisible();
  await expect(page).toHaveTitle("Detachable Smart Sofa with Charging | Zavolah");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Modular three-seater/);
  await hydrated(page);

  const specs = page.getByRole("region", { name: "Specifications" });
  await expect(specs.getByRole("row", { name: /Charging 2 x USB-C PD 30W/ })).toBeVisible();

  // The gallery swaps the main picture.
  const main = page.locator("main img").first();
  await expect(main).toHaveAttribute("src", "/images/products/smart-furniture.svg");
  await page.getByRole("link", { name: /Show picture 2 of 2/ }).click();
  await expect(main).toHaveAttribute("src", "/images/products/sofa-split.svg");

  const form = page.getByTestId("add-to-cart");
  await expect(form).toHaveAttribute("action", "/cart/add");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form.locator('input[name="returnTo"]')).toHaveValue("/store/detachable-smart-sofa");
  await expect(form.getByLabel("Quantity")).toHaveValue("1");
  await expect(form.getByLabel("Quantity")).toHaveAttribute("max", "3"); // max per order
  const green = form.getByRole("radio", { name: /Forest green/ });
  await expect(green).toBeChecked();
  await expect(green).toHaveAttribute("name", "variantId");
  await expect(form.getByText("In stock", { exact: true })).toBeVisible();

  await form.getByRole("radio", { name: /Ash grey/ }).check();
  await expect(form.getByText("Only 4 left", { exact: true })).toBeVisible();
  await expect(form.getByRole("button", { name: "Add to cart" })).toBeEnabled();

  await form.getByRole("radio", { name: /Terracotta/ }).check();
  await expect(form.getByTestId("price")).toHaveText("₦895,000.00");
  await expect(form.getByText("Out of stock").first()).toBeVisible();
  await expect(form.getByRole("button", { name: "Out of stock" })).toBeDisabled();

  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, unknown>,
  );
  expect(ld).toContainEqual(
    expect.objectContaining({
      "@type": "Product",
      name: "Detachable Smart Sofa with Charging",
      offers: expect.objectContaining({
        "@type": "AggregateOffer",
        lowPrice: "875000.00",
        highPrice: "895000.00",
        priceCurrency: "NGN",
        availability: "https://schema.org/InStock",
      }),
    }),
  );
});

test("unknown products are a 404; product pages are in the sitemap", async ({ request }) => {
  const unknown = await servedPage(request, "/store/no-such-product");
  expect(unknown.status).toBe(404);
  expect(unknown.headings()).toContain("Page Not Found");
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const p of DEMO_PRODUCTS.slice(0, 5)) expect(xml).toContain(`/store/${p.slug}</loc>`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters behind the phone's Filters disclosure, pages, and the gallery still work", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/store");
    const form = page.getByRole("search", { name: "Filter products" });
    await expect(form).toBeHidden();
    await page.getByText("Filters", { exact: true }).click();
    await form.getByLabel("Category").selectOption({ label: "Lighting" });
    await form.getByLabel("In stock only").check();
    await form.getByRole("button", { name: "Show products" }).click();
    await expect(page).toHaveURL(/category=lighting/);
    await expect(page).toHaveURL(/inStock=1/);
    await expect(page.getByRole("heading", { level: 1, name: "Lighting" })).toBeVisible();
    const lighting = DEMO_PRODUCTS.filter((p) => p.category === "lighting" && p.variants.some((v) => v.onHand > 0));
    await expect(cards(page)).toHaveCount(lighting.length);
    await expect(results(page).getByText("Out of stock")).toHaveCount(0);
    await expect(page.getByText("Filters (2)")).toBeVisible();

    await page.goto("/store?page=2");
    await expect(results(page).getByRole("status")).toContainText(`of ${TOTAL} products`);

    await page.goto("/store/zavolah-home-5kva-solar-system");
    await page.getByRole("link", { name: /Show picture 3 of 3/ }).click();
    await expect(page).toHaveURL(/\?image=2$/);
    await expect(page.locator("main img").first()).toHaveAttribute("src", "/images/products/panel-roof.svg");
  });
});

test("screenshots of the store and a product page at 360 and 1280 px", { tag: "@markup" }, async ({ page }, info) => {
  for (const theme of ["dark", "light"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: info.project.use.baseURL! }]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      for (const [name, path] of [
        ["store", "/store"],
        ["product", "/store/detachable-smart-sofa"],
        ["empty", "/store?q=xyzzy"],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        await page.screenshot({ path: info.outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
      }
    }
  }
});
