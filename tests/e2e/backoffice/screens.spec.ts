import { expect, test, type Page } from "@playwright/test";
import { BASE, hydrated, signedIn, useSignIn } from "../support";

// Screenshots of the back-office pages at phone and desktop widths, for a person to look at (in test-results/).
const PAGES = [
  { path: "/staff/orders", as: "staff", name: "orders" },
  { path: "/staff/orders/ZV-100002", as: "staff", name: "order" },
  { path: "/staff/inventory", as: "staff", name: "inventory" },
  { path: "/admin/dashboard", as: "admin", name: "dashboard" },
] as const;

// An open alert to look at: a threshold above the stock of the first product, put back afterwards.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: signedIn("staff") });
  const page = await context.newPage();
  await page.goto("/staff/inventory");
  const productId = await page.locator('input[name="productId"]').first().inputValue();
  const supplier = await page.locator('input[name="supplier"]').first().inputValue();
  const threshold = await page.locator('input[name="threshold"]').first().inputValue();
  const post = (t: string) =>
    context.request.post("/staff/inventory", {
      form: { intent: "supply", productId, threshold: t, supplier },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
  expect((await post("10000")).status()).toBe(302);
  expect((await post(threshold)).status()).toBe(302);
  await context.close();
});

// The orders list is a table (docs/decisions/0047-staff-data-table.md): on a phone each row is a card of labelled values,
// and nothing is wider than the screen; from 768 px its headings show.
async function expectOrdersAsCards(page: Page, width: number) {
  const row = page.getByTestId("order-row").first();
  const total = row.getByRole("cell").nth(1);
  const label = await total.evaluate((cell) => getComputedStyle(cell, "::before").content);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width < 768) {
    expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
    expect(label).toBe('"Total"');
    expect(scrollWidth).toBeLessThanOrEqual(width);
  } else {
    // Newest first: the Placed heading says so, and its link turns the list round, on the server.
    const placed = page.getByRole("columnheader", { name: "Placed" });
    await expect(placed).toHaveAttribute("aria-sort", "descending");
    await expect(placed.getByRole("link")).toHaveAttribute("href", "/staff/orders?sort=oldest");
    expect(await page.getByRole("columnheader", { name: "Total" }).getAttribute("aria-sort")).toBeNull();
    expect(label).toBe("none");
  }
}

for (const width of [360, 1280]) {
  test(`back-office screenshots at ${width} px`, { tag: "@markup" }, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    for (const p of PAGES) {
      await page.context().clearCookies();
      await useSignIn(page.context(), p.as);
      await page.goto(p.path);
      await hydrated(page);
      if (p.name === "inventory") await page.getByTestId("inventory-row").first().locator("summary").click();
      if (p.name === "orders") await expectOrdersAsCards(page, width);
      await page.screenshot({ path: testInfo.outputPath(`${p.name}-${width}.png`), fullPage: true });
    }
  });
}
