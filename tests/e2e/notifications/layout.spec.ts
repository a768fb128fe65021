import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedIn } from "../support";

// The dropdown and the preferences dialog fit a 360 px phone and a 1280 px desktop, in both themes
// (screenshots in test-results/screens for a look).
test.use({ storageState: signedIn("staff") });

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`bell dropdown and preferences dialog at ${width} px, ${theme}`, { tag: "@markup" }, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.context().addCookies([{ name: "theme", value: theme, domain: "localhost", path: "/" }]);
      await page.goto("/staff/orders");
      await hydrated(page);
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Notifications/ })
        .click();
      const panel = page.getByRole("region", { name: "Notifications", exact: true });
      await expect(panel.getByRole("heading", { name: "Notifications" })).toBeVisible();
      await expectInside(page, panel);
      await page.screenshot({ path: `test-results/screens/notifications-${width}-${theme}.png` });

      await panel.getByRole("button", { name: "Notification preferences" }).click();
      const dialog = page.getByRole("dialog", { name: "Notification Preferences" });
      await expect(dialog.getByRole("switch")).toHaveCount(8);
      await expectInside(page, dialog);
      await page.screenshot({ path: `test-results/screens/notification-preferences-${width}-${theme}.png` });
    });
  }
}

async function expectInside(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}
