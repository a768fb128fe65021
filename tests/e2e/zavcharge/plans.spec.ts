import { expect, test } from "@playwright/test";
import { hydrated, signedIn } from "../support";

// Plans the admin defines (docs/product/zavcharge.md#plans): added here, offered to drivers at renewal.

test("an admin adds a plan, bad input is refused, and the driver's renewal page offers it", async ({ browser }) => {
  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const page = await admin.newPage();
  await page.goto("/staff/zavcharge");
  await page.getByRole("link", { name: "Plans" }).click();
  await expect(page.getByRole("heading", { name: "ZavCharge plans" })).toBeVisible();
  await hydrated(page);
  const name = `ZavCharge Fleet ${Date.now().toString(36).toUpperCase()}`;
  const form = page.locator("section", { has: page.getByRole("heading", { name: "Add a plan" }) });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Price (₦)").fill("-20");
  await form.getByLabel("Days").fill("90");
  await form.getByRole("button", { name: "Add plan" }).click();
  await expect(form.getByText("Enter the price in naira, e.g. 15000 (at most ₦1,000,000)")).toBeVisible();
  await form.getByLabel("Price (₦)").fill("120000");
  await form.getByRole("button", { name: "Add plan" }).click();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  await expect(page.getByTestId("plan").filter({ hasText: `${name}: ₦120,000.00 for 90 days` })).toHaveCount(1);
  await admin.close();

  const driver = await browser.newContext({ storageState: signedIn("customer") });
  const renew = await driver.newPage();
  await renew.goto("/zavcharge/renew");
  await expect(renew.getByLabel(new RegExp(`${name}: ₦120,000\\.00`))).toBeVisible();
  await driver.close();

  // Staff run the network but do not price it.
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  const staffPage = await staff.newPage();
  await staffPage.goto("/staff/zavcharge");
  await expect(staffPage.getByRole("link", { name: "Plans" })).toHaveCount(0);
  const res = await staffPage.goto("/staff/zavcharge/plans");
  expect(new URL(res!.url()).pathname).toBe("/");
  await staff.close();
});
