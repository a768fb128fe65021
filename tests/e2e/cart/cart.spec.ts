import { seriousViolations } from "../accessibility-check";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { addToCart, variantIdOf } from "./cart-fixtures";
import { BASE, DEMO, DEMO_PASSWORD, fromPageCache, hydrated, signedIn } from "../support";

// The cart journeys of issue 4: a guest fills a cart, the panel follows, the caps (docs/product/store-and-orders.md), merge at sign-in,
// bad input, and the same without JavaScript, on demo products whose stock and limits the comments give.

const PANEL = "mono-perc-450w-panel"; // ₦165,000, 140 on hand, 10 per order
const KIT = "solar-lighting-kit"; // ₦45,000
const INVERTER = "luminous-1-5kva-inverter"; // 3 on hand, 10 per order
const BATTERY = "lithium-battery-5kwh"; // ₦1,450,000

const panel = (page: Page) => page.getByTestId("floating-panel");
const line = (page: Page, name: string) => page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name }) });

async function lineQuantities(page: Page): Promise<Record<string, number>> {
  await page.goto("/cart");
  const out: Record<string, number> = {};
  for (const row of await page.getByTestId("cart-line").all()) {
    out[(await row.getByRole("link").first().innerText()).trim()] = Number(await row.getByRole("spinbutton").inputValue());
  }
  return out;
}

test("a guest fills a cart: panel count and total, delivery nudge, quantity change, remove, caps", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the store" })).toHaveAttribute("href", "/store");

  expect((await addToCart(page, KIT)).body).toMatchObject({ ok: true, message: "Added Solar Home Lighting Kit (4 bulbs) to your cart" });
  await page.goto("/cart");
  await hydrated(page);
  await expect(page.getByTestId("free-delivery-nudge")).toHaveText("Add ₦5,000.00 more for free standard delivery.");

  expect((await addToCart(page, PANEL, 2)).body).toMatchObject({ ok: true, cart: { itemCount: 3 } });
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await expect(page.getByTestId("cart-total")).toHaveText("₦375,000.00");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("₦375,000.00");
  await expect(page.getByTestId("free-delivery-nudge")).toHaveText("Your order qualifies for free standard delivery.");
  await expect(line(page, "Mono PERC 450W Solar Panel").getByTestId("line-total")).toContainText("₦330,000.00");
  await expect(line(page, "Mono PERC 450W Solar Panel").locator("img")).toHaveAttribute("src", "/images/products/panels.svg");

  // Fetcher updates: the panel follows without a reload (the marker would vanish on one).
  await page.evaluate(() => ((window as unknown as { cartMarker: number }).cartMarker = 1));
  const panelLine = line(page, "Mono PERC 450W Solar Panel");
  await panelLine.getByLabel(/Quantity/).fill("3");
  await panelLine.getByRole("button", { name: /Update/ }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  await expect(panelLine.getByTestId("line-total")).toContainText("₦495,000.00");

  await line(page, "Solar Home Lighting Kit")
    .getByRole("button", { name: "Remove Solar Home Lighting Kit (4 bulbs) from your cart" })
    .click();
  await expect(line(page, "Solar Home Lighting Kit")).toHaveCount(0);
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await expect(page.getByTestId("cart-total")).toHaveText("₦495,000.00");

  // More than 40 per order (the panel's limit): capped, and the toast says why.
  await panelLine.getByLabel(/Quantity/).fill("50");
  await panelLine.getByRole("button", { name: /Update/ }).click();
  await expect(page.getByText("You can buy at most 40 per order; your cart has 40")).toBeVisible();
  await expect(panelLine.getByLabel(/Quantity/)).toHaveValue("40");
  await expect(page.getByTestId("cart-count")).toHaveText("40");
  expect(await page.evaluate(() => (window as unknown as { cartMarker?: number }).cartMarker)).toBe(1);

  // More than the stock: capped at what is left.
  const bed = await addToCart(page, INVERTER, 9);
  expect(bed.body).toMatchObject({ ok: true, message: expect.stringMatching(/^Only (\d+) available; your cart has \1$/) });
  const again = await addToCart(page, INVERTER, 1);
  expect(again.status).toBe(409);
  expect(again.body.error?.message).toMatch(/^Only \d+ available; your cart has \d+$/);

  // The panel links to the cart and has an accessible mute toggle that the chime respects.
  await page.goto("/");
  await hydrated(page);
  await panel(page).locator("summary").click();
  await expect(panel(page).getByTestId("cart-link")).toHaveAttribute("href", "/cart");
  const mute = panel(page).getByRole("button", { name: "Mute cart sound" });
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("cart-sound"))).toBe("off");
  await page.reload();
  await hydrated(page);
  await panel(page).locator("summary").click();
  await expect(panel(page).getByRole("button", { name: "Mute cart sound" })).toHaveAttribute("aria-pressed", "true");
  await panel(page).getByTestId("cart-link").click();
  await expect(page).toHaveURL(`${BASE}/cart`);
});

test("bad input gets a clear error and changes nothing", async ({ page }) => {
  await addToCart(page, KIT, 2);
  const before = await lineQuantities(page);
  const cases: [Record<string, string>, number, RegExp][] = [
    [{ quantity: "-3" }, 400, /^Add at least 1$/],
    [{ quantity: "0" }, 400, /^Add at least 1$/],
    [{ quantity: "1000000" }, 400, /at most 1000/],
    [{ quantity: "2.5" }, 400, /whole number/],
    [{ quantity: "lots" }, 400, /whole number/],
    [{ variantId: "987654" }, 404, /not available/],
    [{ variantId: "<script>" }, 400, /whole number/],
  ];
  const kitId = String(await variantIdOf(page.request, KIT));
  for (const [over, status, error] of cases) {
    const res = await page.request.post("/cart/add", {
      form: { variantId: kitId, quantity: "1", _js: "1", ...over },
      headers: { origin: BASE },
    });
    expect(res.status(), JSON.stringify(over)).toBe(status);
    expect((await res.json()).error.message).toMatch(error);
  }
  for (const quantity of ["-1", "5000", "x"]) {
    const res = await page.request.post("/cart/update", { form: { variantId: kitId, quantity, _js: "1" }, headers: { origin: BASE } });
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toMatch(/negative|more than 1000|whole number/);
  }
  // Another site cannot post into the visitor's cart.
  const forged = await page.request.post("/cart/add", {
    form: { variantId: kitId, quantity: "5" },
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await lineQuantities(page)).toEqual(before);
});

test("a guest's cart merges into the customer's cart at sign-in, on the way to checkout", async ({ page, browser }) => {
  // The demo customer already has a panel in their cart (set up from another browser).
  const customer = await browser.newContext({ storageState: signedIn("customer") });
  const customerPage = await customer.newPage();
  for (const slug of [PANEL, BATTERY]) {
    await customer.request.post("/cart/update", {
      form: { variantId: String(await variantIdOf(customer.request, slug)), intent: "remove", _js: "1" },
      headers: { origin: BASE },
    });
  }
  expect((await addToCart(customerPage, PANEL, 2)).body.ok).toBe(true);
  const customerBefore = await lineQuantities(customerPage);
  await customer.close();

  await addToCart(page, PANEL, 1);
  await addToCart(page, BATTERY, 1);
  await page.goto("/cart");
  await hydrated(page);
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(DEMO.customer);
  await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${BASE}/checkout`);

  const total = Object.values(customerBefore).reduce((a, b) => a + b, 0) + 2;
  await expect(page.getByTestId("cart-count")).toHaveText(String(total));
  const after = await lineQuantities(page);
  expect(after["Mono PERC 450W Solar Panel"]).toBe(3);
  expect(after["5kWh Lithium Energy Storage Battery"]).toBe(1);
  expect((await page.context().cookies()).find((c) => c.name === "cart")).toBeUndefined();

  // Signed out again, this browser starts with an empty cart; the customer's stays on their account.
  await page.context().clearCookies();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});

test("a guest with a cart gets the shared copy of a page, and their own count after it loads", async ({ page }) => {
  const visitor = await playwrightRequest.newContext({ baseURL: BASE });
  const cached = await fromPageCache(visitor, "/about");
  expect(cached.headers()["x-page-cache"]).toBe("hit");
  expect(cached.headers()["set-cookie"]).toBeUndefined();
  await visitor.dispose();

  await addToCart(page, KIT, 3);
  // The page's HTML is the one every signed-in visitor or guest with a cart gets: no count of anybody's in it.
  const shared = await fromPageCache(page.request, "/about");
  expect(shared.headers()["x-page-cache"]).toBe("hit");
  expect(await shared.text()).toMatch(/data-testid="cart-count"[^>]*>0</);
  await page.goto("/about");
  await expect(page.getByTestId("cart-count")).toHaveText("3");
});

test(
  "a filled cart and the open panel have no serious accessibility violations, in both themes",
  { tag: "@markup" },
  async ({ page, baseURL }) => {
    await addToCart(page, PANEL, 2);
    await addToCart(page, INVERTER, 1);
    for (const theme of ["dark", "light"]) {
      await page.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto("/cart");
      await hydrated(page);
      await panel(page).locator("summary").click();
      // The dark theme changes colours only: its check runs the colour rules (tests/e2e/accessibility-check.ts).
      expect((await seriousViolations(page, { colourOnly: theme === "dark" })).map((v) => `${theme} ${v}`)).toEqual([]);
    }
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add, change and remove with plain forms and flash messages", async ({ page }) => {
    const variantId = String(await variantIdOf(page.request, KIT));
    const res = await page.request.post("/cart/add", {
      form: { variantId, quantity: "2", returnTo: "/cart" },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe("/cart");
    const cookie = (await page.context().cookies()).find((c) => c.name === "cart");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);

    await page.goto("/cart");
    await expect(page.getByRole("status")).toContainText("Added 2 x Solar Home Lighting Kit (4 bulbs) to your cart");
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    const kit = line(page, "Solar Home Lighting Kit");
    await kit.getByLabel(/Quantity/).fill("4");
    await kit.getByRole("button", { name: /Update/ }).click();
    await expect(page).toHaveURL(`${BASE}/cart`);
    await expect(page.getByRole("status")).toContainText("Solar Home Lighting Kit (4 bulbs): quantity set to 4");
    await expect(page.getByTestId("cart-count")).toHaveText("4");

    // A refused change comes back as a message and leaves the cart as it was.
    const bad = await page.request.post("/cart/add", {
      form: { variantId, quantity: "-1", returnTo: "/cart" },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(bad.headers()["location"]).toBe("/cart");
    await page.goto("/cart");
    await expect(page.getByRole("status")).toContainText("Add at least 1");
    await expect(page.getByTestId("cart-count")).toHaveText("4");

    // returnTo must be a path on this site.
    const away = await page.request.post("/cart/add", {
      form: { variantId, returnTo: "//evil.example/x" },
      headers: { origin: BASE, referer: `${BASE}/cart` },
      maxRedirects: 0,
    });
    expect(away.headers()["location"]).toBe("/cart");

    await page.goto("/cart");
    await line(page, "Solar Home Lighting Kit")
      .getByRole("button", { name: /Remove/ })
      .click();
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("the guest cart also merges when signing in on the plain admin login form", async ({ page }) => {
    await page.request.post("/cart/add", {
      form: { variantId: String(await variantIdOf(page.request, KIT)), quantity: "2" },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(DEMO.student);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.goto("/cart");
    await expect(line(page, "Solar Home Lighting Kit").getByLabel(/Quantity/)).toHaveValue("2");
    expect((await page.context().cookies()).find((c) => c.name === "cart")).toBeUndefined();
    expect((await page.context().cookies()).find((c) => c.name.includes("session_token"))).toBeDefined();
  });
});
