import { expect, test } from "@playwright/test";
import { signedIn } from "../support";

// First-party visits (docs/product/visits.md): a phone visitor from a campaign is counted once, with its pages, and the
// same visit from a browser that asks not to be tracked is not counted at all.

const PHONE = "Mozilla/5.0 (Linux; Android 13; TECNO KI7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
// Another phone: were Do Not Track ignored, it would be a second visitor of the campaign.
const OTHER_PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

test("the visits page counts this journey's own phone visit from a campaign, and not one that asked not to be tracked", async ({
  browser,
}) => {
  const campaign = `visits-${Date.now().toString(36)}`;
  // First the browser that asks not to be tracked: had it been kept, it would be written with (or before) the visit below.
  const private_ = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    userAgent: OTHER_PHONE,
    extraHTTPHeaders: { DNT: "1" },
  });
  await (await private_.newPage()).goto(`/?utm_source=instagram&utm_medium=story&utm_campaign=${campaign}`);
  await private_.close();

  const visitor = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    userAgent: PHONE,
    viewport: { width: 360, height: 760 },
  });
  const page = await visitor.newPage();
  await page.goto(`/?utm_source=instagram&utm_medium=story&utm_campaign=${campaign}`);
  await page.goto("/store/solar-lighting-kit");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await visitor.close();

  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  const row = admin.getByTestId("visits-campaigns").getByRole("row").filter({ hasText: campaign });
  // Visits are written every two seconds: reload until this one is in.
  await expect(async () => {
    await admin.goto("/admin/visits");
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toHaveText(`instagram / story / ${campaign}1`);
  await expect(admin.getByTestId("visits-today")).toContainText(/Today: [1-9]\d* visitors?/);
  await expect(admin.getByTestId("funnel-totals")).toContainText("Viewed a product");
});
