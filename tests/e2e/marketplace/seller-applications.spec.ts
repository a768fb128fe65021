import { seriousViolations } from "../accessibility-check";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { fakeAccountName } from "../../fakes/paystack";
import { BASE, hydrated, mailFromMailbox, signedIn, signedInNewCustomer } from "../support";

// Applying to sell (docs/product/marketplace.md#applications): a customer applies, the bank check confirms the
// payout account, an admin asks for more, approves, and later suspends; the pending-approvals count follows.

const pendingSellers = async (admin: Page) => {
  await admin.goto("/admin/dashboard");
  return Number(await admin.getByTestId("pending-sellerApplications").innerText());
};

// The journeys below move the admin's pending-applications count: they run one after the other (each is still a
// journey of its own; none needs another's data).
test.describe.configure({ mode: "default" });

test("a customer applies to sell: each field says what it needs, the bank checks the account, and the application awaits review", async ({
  browser,
}) => {
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  const before = await pendingSellers(admin);

  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const email = await signedInNewCustomer(page.request, browser, "Ngozi Eze");
  const business = `Eze Home Living ${Date.now().toString(36).toUpperCase()}`;

  await page.goto("/marketplace");
  await page.getByRole("link", { name: "Apply to sell" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sell on the marketplace" })).toBeVisible();
  await hydrated(page);

  // Nothing filled in: each field says what it needs, and nothing is saved.
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByText("Enter your business or trading name")).toBeVisible();
  await expect(page.getByText("Choose your bank from the list")).toBeVisible();
  await expect(page.getByTestId("application-status")).toHaveCount(0);

  await page.getByLabel("Business or trading name").fill(business);
  await page.getByLabel("Main category").selectOption("Smart furniture");
  await page
    .getByLabel("About your work")
    .fill("Space-saving sofa beds and fold-away dining sets, made to order in our Ikeja workshop from Nigerian hardwood.");
  await page.getByLabel("Phone").fill("0809 123 4567");
  await page.getByLabel("State you ship from").selectOption("Lagos");
  await page.getByLabel("Local government area").fill("Ikeja");
  await page.getByLabel("Bank", { exact: true }).selectOption({ label: "Guaranty Trust Bank" });

  // An account the bank does not know is refused before anything is sent.
  await page.getByLabel("Account number").fill("0123450000");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByText("Guaranty Trust Bank does not know account 0123450000. Check the number and the bank.")).toBeVisible();
  await page.getByLabel("Account number").fill("0123456783");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByTestId("resolved-account-name")).toContainText(fakeAccountName("0123456783"));
  await expect(page.getByLabel("Account name")).toHaveValue(fakeAccountName("0123456783"));

  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByText("Application sent", { exact: true })).toBeVisible();
  await expect(page.getByTestId("application-status")).toContainText(`${business}: Awaiting review`);
  await expect(page.getByTestId("application-status")).toContainText("(confirmed by the bank)");
  expect(await mailFromMailbox(browser, email, /We received your application to sell/)).toContain(business);
  expect(await pendingSellers(admin)).toBe(before + 1);
});

/** A new customer's application to sell, sent as the form sends it (the first journey fills the form itself). */
async function sendApplication(page: Page, browser: Browser) {
  const email = await signedInNewCustomer(page.request, browser, "Ngozi Eze");
  const business = `Eze Home Living ${Date.now().toString(36).toUpperCase()}`;
  const sent = await page.request.post("/marketplace/become-seller", {
    headers: { origin: BASE },
    maxRedirects: 0,
    form: {
      kind: "seller",
      businessName: business,
      bio: "Space-saving sofa beds and fold-away dining sets, made to order in our Ikeja workshop from Nigerian hardwood.",
      category: "Smart furniture",
      phone: "0809 123 4567",
      pickupState: "Lagos",
      pickupLga: "Ikeja",
      bankCode: "058",
      accountNumber: "0123456783",
    },
  });
  expect(sent.status(), "the application is sent").toBe(302);
  return { email, business };
}

test("an admin asks for more and approves, and the store opens", async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const { email, business } = await sendApplication(page, browser);
  const before = await pendingSellers(admin);

  // The admin asks for more; the applicant answers and sends it again.
  await admin.getByRole("link", { name: "Review all", exact: true }).click();
  await admin.getByRole("link", { name: business }).click();
  await expect(admin.getByTestId("account-check")).toHaveText("(name confirmed by the bank)");
  await hydrated(admin);
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole("button", { name: "Ask for more information" }).click();
  await expect(admin.getByText("Say what you need, in at least 10 characters")).toBeVisible();
  await admin.getByLabel("Note to the applicant").fill("Please add your CAC registration number so buyers can trust the store.");
  await admin.getByRole("button", { name: "Ask for more information" }).click();
  await expect(admin.getByTestId("application-state")).toContainText("More information needed");
  expect(await pendingSellers(admin)).toBe(before - 1);

  await page.goto("/marketplace/become-seller");
  await hydrated(page);
  await expect(page.getByTestId("application-status")).toContainText("Please add your CAC registration number");
  await expect(page.getByLabel("Business or trading name")).toHaveValue(business);
  await page.getByLabel("CAC registration number (optional)").fill("RC 1845562");
  await page.getByRole("button", { name: "Send my application again" }).click();
  await expect(page.getByText("Application sent again", { exact: true })).toBeVisible();
  expect(await pendingSellers(admin)).toBe(before);

  await admin.getByRole("link", { name: "Review all", exact: true }).click();
  await admin.getByRole("link", { name: business }).click();
  await expect(admin.getByText("RC1845562")).toBeVisible();
  await hydrated(admin);
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByTestId("application-state")).toContainText("Approved");
  expect(await pendingSellers(admin)).toBe(before - 1);

  // The seller sees their store; the e-mail links to it.
  await page.reload();
  await expect(page.getByTestId("application-status")).toContainText(`You sell as ${business}`);
  expect(await mailFromMailbox(browser, email, /Welcome to the Zavolah Marketplace/)).toContain("/marketplace/sellers/eze-home-living");
  await page.getByRole("link", { name: "See your store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: business })).toBeVisible();
  await expect(page.getByText("Ikeja, Lagos")).toBeVisible();
});

test("a suspended seller's store is gone for everyone until the admin lifts the suspension", async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const { business } = await sendApplication(page, browser);
  // Approved as the review page's button posts it.
  await admin.goto("/staff/marketplace/applications");
  const review = await admin.getByRole("link", { name: business }).getAttribute("href");
  const approved = await admin.request.post(review!, { headers: { origin: BASE }, form: { decision: "approve", _js: "1" } });
  expect(approved.ok(), "the application is approved").toBe(true);
  await page.goto("/marketplace/become-seller");
  await page.getByRole("link", { name: "See your store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: business })).toBeVisible();
  const storePath = new URL(page.url()).pathname;

  await admin.goto("/staff/marketplace/sellers");
  await hydrated(admin);
  const row = admin.getByTestId("seller-row").filter({ hasText: business });
  await row.getByRole("button", { name: "Suspend" }).click();
  await expect(row.getByText("Give the reason for the suspension, in at least 10 characters")).toBeVisible();
  await row.getByLabel("Reason for suspending").fill("Buyers reported sofa beds that were never delivered.");
  await row.getByRole("button", { name: "Suspend" }).click();
  await expect(admin.getByText(`${business} suspended`)).toBeVisible();
  expect((await page.goto(storePath))!.status()).toBe(404);
  await expect(row.getByText("Suspended: Buyers reported sofa beds")).toBeVisible();
  await row.getByRole("button", { name: "Lift the suspension" }).click();
  await expect(admin.getByText(`${business} reinstated`)).toBeVisible();
  expect((await page.goto(storePath))!.status()).toBe(200);
});

test("staff cannot suspend sellers or decide on applications: the server refuses before anything runs", async ({ browser }) => {
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  for (const [path, form] of [
    [
      "/staff/marketplace/sellers",
      { sellerId: "00000000-0000-4000-8000-000000000000", suspend: "true", reason: "Trying without the right." },
    ],
    ["/staff/marketplace/applications/00000000-0000-4000-8000-000000000000", { decision: "approve" }],
  ] as const) {
    const res = await staff.request.post(path, { form, headers: { origin: BASE }, maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()["location"], path).toBe("/");
  }
  await staff.close();
});

for (const width of [360, 1280]) {
  test(
    `marketplace screenshots at ${width} px: the application form, a store, the review list`,
    { tag: "@markup" },
    async ({ browser }, testInfo) => {
      for (const [role, path, name] of [
        ["customer", "/marketplace/become-seller", "become-seller"],
        ["customer", "/marketplace/sellers/musa-crafted-furniture", "store"],
        ["admin", "/staff/marketplace/applications?status=all", "applications"],
        ["admin", "/staff/marketplace/sellers", "sellers"],
      ] as const) {
        const context = await browser.newContext({ storageState: signedIn(role), viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(path);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
        await context.close();
      }
    },
  );
}
