import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedIn } from "../support";

/** Opens the inventory filtered to one item (the first of the list) and its edit panel. */
async function openFirstItem(page: Page) {
  await page.goto("/staff/inventory");
  const sku = (await page.getByTestId("inventory-row").first().locator(".font-mono").innerText()).trim();
  await page.goto(`/staff/inventory?q=${encodeURIComponent(sku)}`);
  await hydrated(page);
  const row = page.getByTestId("inventory-row").filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  await row.locator("summary").click();
  return { sku, row };
}

test.use({ storageState: signedIn("staff") });

test("bad stock counts show their message and change nothing", async ({ page }) => {
  const { row } = await openFirstItem(page);
  const onHand = row.getByLabel("On hand");
  const before = await onHand.inputValue();
  for (const bad of ["-5", "2.5", "1000001"]) {
    await onHand.fill(bad);
    await row.getByLabel("Reason").fill("Stock take");
    await row.getByRole("button", { name: "Save count" }).click();
    await expect(row.getByText("On hand must be a whole number from 0 to 1,000,000")).toBeVisible();
  }
  await page.reload();
  await page.getByTestId("inventory-row").locator("summary").click();
  await expect(page.getByTestId("inventory-row").getByLabel("On hand")).toHaveValue(before);
});

test("a count under the threshold (here: none left) raises an alert on the admin dashboard, which an admin resolves", async ({
  page,
  browser,
}) => {
  const { sku, row } = await openFirstItem(page);
  const before = await row.getByLabel("On hand").inputValue();
  const title = (await row.locator("p.font-medium").innerText()).trim();
  await row.getByLabel("On hand").fill("0");
  await row.getByLabel("Reason").fill("Stock take: two cartons water-damaged");
  await row.getByRole("button", { name: "Save count" }).click();
  await expect(page.getByText(`${sku}: 0 on hand`)).toBeVisible();
  await expect(row.getByTestId("low-stock")).toBeVisible();

  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin/dashboard");
  await hydrated(adminPage);
  const alert = adminPage.getByTestId("admin-alert").filter({ hasText: title });
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(`Out of stock: ${title}`);
  await expect(alert).toContainText("High");
  await alert.getByRole("button", { name: "Resolve" }).click();
  await expect(alert).toHaveCount(0);
  await adminPage.getByText("Recently resolved").click();
  await expect(adminPage.getByTestId("resolved-alerts")).toContainText("resolved by Adaeze Okonkwo");
  await admin.close();

  // Put the count back for the other journeys.
  await row.getByLabel("On hand").fill(before);
  await row.getByLabel("Reason").fill("Recount: cartons were dry");
  await row.getByRole("button", { name: "Save count" }).click();
  await expect(page.getByText(`${sku}: ${before} on hand`)).toBeVisible();
});
