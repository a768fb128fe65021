import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { BASE, signedInNewCustomer } from "../support";

// A person downloads their own data from /account (docs/product/accounts.md#your-data); visitors cannot.

test("a customer downloads a copy of their data from their account page", async ({ page, browser }) => {
  const email = await signedInNewCustomer(page.request, browser, "Folake Adeyemi");
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toContainText("privacy@zavolah.ng");
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^zavolah-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.account).toMatchObject({ email, name: "Folake Adeyemi", role: "customer" });
  expect(data.emails.map((e: { subject: string }) => e.subject)).toContain("Confirm your Zavolah account");
  expect(JSON.stringify(data)).not.toMatch(/password|token_hash|"html"/);

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const anonymous = await visitor.request.get(`${BASE}/account/data-export`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toContain("login=true");
  await visitor.close();
});
