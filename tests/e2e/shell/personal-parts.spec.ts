import { expect, test, type Browser, type Page } from "@playwright/test";
import { addToCart } from "../cart/cart-fixtures";
import { fromPageCache, hydrated, signedIn, signedInNewCustomer } from "../support";

// Public pages for signed-in visitors come from the shared page cache; each visitor's own parts (name, cart, counts,
// "You're enrolled") arrive from /api/me after load (docs/product/site-shell.md#personal-parts).

const panel = (page: Page) => page.getByTestId("floating-panel");

async function customerWithCart(browser: Browser, name: string, items: number) {
  const page = await (await browser.newContext()).newPage();
  await signedInNewCustomer(page.request, browser, name);
  expect((await addToCart(page, "solar-lighting-kit", items)).body.ok).toBe(true);
  return page;
}

test("two signed-in customers get the same cached page, and each sees only their own name and cart", async ({ browser }) => {
  const ada = await customerWithCart(browser, "Adaeze Okafor", 2);
  const bola = await customerWithCart(browser, "Bolaji Adeyemi", 1);

  await ada.goto("/about"); // the signed-in copy is rendered once, for nobody...
  const forBola = await fromPageCache(bola.request, "/about");
  expect(forBola.headers()["x-page-cache"], "...and then sent to every signed-in visitor").toBe("hit");
  const html = await forBola.text();
  expect(html).not.toContain("Adaeze");
  expect(html).not.toContain("Bolaji");

  for (const [page, first, count] of [
    [ada, "Adaeze", "2"],
    [bola, "Bolaji", "1"],
  ] as const) {
    await page.goto("/about");
    await hydrated(page);
    await expect(page.getByTestId("cart-count")).toHaveText(count);
    await panel(page).locator("summary").click();
    await expect(panel(page).getByText(`Hi, ${first}`)).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "My orders" })).toBeVisible();
    await expect(panel(page).getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(panel(page)).not.toContainText(first === "Adaeze" ? "Bolaji" : "Adaeze");
  }

  // Signed out, the tab forgets who it was: the next page offers to sign in and shows no cart.
  await bola.getByRole("button", { name: "Sign out" }).click();
  await expect(bola.getByText("Logged Out").first()).toBeVisible();
  await bola.goto("/about");
  await hydrated(bola);
  await panel(bola).locator("summary").click();
  await expect(panel(bola).getByText("Welcome")).toBeVisible();
  await expect(panel(bola).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(bola.getByTestId("cart-count")).toHaveText("0");
});

test.describe("a student", () => {
  test.use({ storageState: signedIn("student") });

  test("sees their enrolment on a course page sent from the cache", async ({ page }) => {
    const sent = await fromPageCache(page.request, "/academy/solar-installation-fundamentals");
    expect(sent.headers()["x-page-cache"]).toBe("hit");
    expect(await sent.text()).not.toContain("You're enrolled");
    await page.goto("/academy/solar-installation-fundamentals");
    await expect(page.getByText(/You're enrolled · \d+% complete/)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ storageState: signedIn("customer"), javaScriptEnabled: false });

  test("a signed-in visitor's cached page links to their account instead of offering to sign in", async ({ page }) => {
    await page.goto("/store");
    await panel(page).locator("summary").click();
    await expect(panel(page).getByRole("link", { name: "My account" })).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await panel(page).getByRole("link", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
});
