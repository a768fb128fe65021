import { expect, test } from "@playwright/test";
import { BROWSER_ERROR_REPORT_PATH } from "../../../domain/errors/browser-error-report";
import { signedIn } from "../support";

// A visitor's page failing is reported to the site (docs/operations.md#error-reports): an uncaught error and an
// unhandled rejection each reach POST /browser-errors, and, with no error-reporting service set (the journeys'
// server), an admin finds them on /admin/errors, scrubbed of the e-mail the message carried.

test("a page's uncaught error and unhandled rejection reach the admin's error list, without the visitor's e-mail", async ({
  page,
  browser,
}) => {
  // A word of letters only: this run's errors, told from earlier runs' (numbers in a message may be masked as codes).
  const run = Date.now()
    .toString(26)
    .replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]!);
  await page.goto("/store");
  const reported = () => page.waitForResponse((r) => r.url().endsWith(BROWSER_ERROR_REPORT_PATH) && r.request().method() === "POST");
  const first = reported();
  await page.evaluate((n) => {
    setTimeout(() => {
      throw new Error(`Basket total was not a number (${n}) for kemi.adeyemi@example.com`);
    });
  }, run);
  expect((await first).status()).toBe(204);
  const second = reported();
  await page.evaluate((n) => void Promise.reject(new TypeError(`Delivery quote for Ikeja failed (${n})`)), run);
  expect((await second).status()).toBe(204);

  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const list = await admin.newPage();
  const uncaught = list.getByTestId("error-group").filter({ hasText: `Basket total was not a number (${run})` });
  const rejection = list.getByTestId("error-group").filter({ hasText: `Delivery quote for Ikeja failed (${run})` });
  // Another instance may have taken the report and writes its list every few seconds.
  await expect(async () => {
    await list.goto("/admin/errors");
    await expect(uncaught).toBeVisible({ timeout: 1_000 });
    await expect(rejection).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(uncaught).toContainText("Visitor's browser");
  await expect(uncaught).toContainText("for [email]");
  await expect(list.getByText("kemi.adeyemi@example.com")).toHaveCount(0);
  await expect(rejection).toContainText("TypeError");
  await rejection.getByText("Stack").click();
  await expect(rejection.locator("pre")).toContainText("at ");
  await admin.close();
});
