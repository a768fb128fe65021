import { expect, test } from "@playwright/test";
import { BASE, hydrated, signedIn } from "../support";
import { servedPage } from "../served-page";

// The demo seed issues no certificate, so these journeys check the public verification page's answers for codes
// that do not exist, its form with and without JavaScript, and who may open the PDF and revoke page.

test("the /verify form takes a code typed in lowercase without dashes and says there is no such certificate", async ({ page }) => {
  await page.goto("/verify");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Verify a certificate" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await page.getByLabel("Certificate code").fill("abcd efgh jkmn");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${BASE}/verify/ABCD-EFGH-JKMN`);
  await expect(page.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
  await expect(page.getByText("ABCD-EFGH-JKMN")).toBeVisible();
  // Another try from the same page.
  await page.getByLabel("Certificate code").fill("not a code");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${BASE}/verify/not%20a%20code`);
  await expect(page.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("an unknown code answers 404 with a clear message, and the form still works", async ({ page }) => {
    const response = await page.goto("/verify/zzzz-zzzz-zzzz");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
    await page.getByLabel("Certificate code").fill("K7QM2XHD9TRA");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${BASE}/verify/K7QM-2XHD-9TRA`);
    await expect(page.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
  });
});

test.describe("as a customer", () => {
  test.use({ storageState: signedIn("customer") });
  test("a PDF of a certificate that is not yours is not found, and the admins' certificate list is closed", async ({ request }) => {
    const pdf = await request.get("/certificates/K7QM-2XHD-9TRA/pdf", { maxRedirects: 0 });
    expect(pdf.status()).toBe(404);
    const list = await servedPage(request, "/staff/academy/certificates");
    expect(list.path).toBe("/");
    expect(list.text).toContain("You don't have permission to access this page.");
  });

  test("Remind me refuses a course that does not exist", async ({ request }) => {
    const answer = await request.post("/academy/remind", { form: { _js: "1", courseId: "999999" }, headers: { origin: BASE } });
    expect(answer.status()).toBe(404);
    expect((await answer.json()).toast).toMatchObject({ title: "Reminder not set", description: "This course is not open." });
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: signedIn("admin") });
  test("the certificates page lists, searches and links back to the academy", async ({ page }) => {
    await page.goto("/staff/academy/certificates");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Certificates", level: 1 })).toBeVisible();
    await expect(page.locator("#main").getByRole("link", { name: "Academy" })).toHaveAttribute("href", "/staff/academy");
    await page.getByLabel("Find a certificate").fill("Nobody Matches This");
    await page.locator("#main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=Nobody/);
    await expect(page.getByTestId("certificates-count")).toHaveText("No certificates match.");
    await expect(page.getByRole("link", { name: "Clear the filters" })).toBeVisible();
  });
});

test("signing in is needed for a certificate PDF", async ({ request }) => {
  const res = await request.get("/certificates/K7QM-2XHD-9TRA/pdf", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toContain("/?login=true&returnTo=");
});
