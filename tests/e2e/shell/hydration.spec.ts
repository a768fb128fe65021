import { expect, test } from "@playwright/test";
import { useSignIn } from "../support";

// When React takes a page over (docs/product/site-shell.md#hydration): on an anonymous visitor's public page at their
// first touch, key or mouse movement; everywhere else as soon as it loads.

const T0 = new Date("2026-03-02T08:00:00Z");

test("an anonymous visitor's home page waits for their first tap, and that tap counts", async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.goto("/");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-hydrate", "on-intent");
  await expect(html).not.toHaveAttribute("data-hydrated", "true");
  const carousel = page.getByRole("region", { name: "Products and academy previews" });
  const activeSlide = carousel.locator('[aria-roledescription="slide"]:not([inert])');
  // A minute later nothing has moved: the carousel starts with React.
  await expect(activeSlide).toHaveAttribute("aria-label", "1 of 6");

  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(html).toHaveAttribute("data-hydrated", "true");
  await expect(activeSlide).toHaveAttribute("aria-label", "2 of 6");
});

test("a signed-in visitor's copy of a public page, and a page asking for the sign-in dialog, are taken over at once", async ({
  page,
  browser,
}) => {
  await page.goto("/store?login=true");
  await expect(page.locator("html")).toHaveAttribute("data-hydrate", "now");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  const context = await browser.newContext();
  await useSignIn(context, "customer");
  const signedIn = await context.newPage();
  await signedIn.goto("/store");
  await expect(signedIn.locator("html")).toHaveAttribute("data-hydrate", "now");
  await expect(signedIn.locator("html")).toHaveAttribute("data-hydrated", "true");
  await context.close();
});
