import { expect, test, type Browser, type Page } from "@playwright/test";
import { fakeAccountName } from "../../fakes/paystack";
import { BASE, hydrated, mailFromMailbox, signedIn, signedInNewCustomer, useSignIn } from "../support";

// Investments (docs/product/investments.md): applying with an ID document, staff approval, investing through the one
// checkout by bank transfer, staff confirming the transfer, the agreement PDF, and the yearly 10% allowance.

const PDF = Buffer.from("%PDF-1.4\n% NIN slip\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const idDocument = { name: "nin-slip.pdf", mimeType: "application/pdf", buffer: PDF };
const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

/** A new customer who applied to invest through the form's own request and whom staff approved on their page. */
async function newInvestor(browser: Browser, incomeBand = "12m_to_30m"): Promise<{ page: Page; email: string; legalName: string }> {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const legalName = `Amaka Nwosu ${unique()}`;
  const email = await signedInNewCustomer(page.request, browser, legalName);
  const sent = await page.request.post("/invest/apply", {
    headers: { origin: BASE },
    maxRedirects: 0,
    multipart: {
      legalName,
      dateOfBirth: "1990-06-15",
      address: "5 Bode Thomas Street, Surulere",
      state: "Lagos",
      lga: "Surulere",
      phone: "0803 555 0199",
      idType: "nin",
      idNumber: "24681357902",
      bankCode: "058",
      accountNumber: "0123456783",
      accountName: "",
      incomeBand,
      riskAccepted: "on",
      idDocument,
    },
  });
  expect(sent.status(), await sent.text()).toBe(302);
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  await staff.goto("/staff/investors");
  await hydrated(staff);
  const card = staff.getByTestId("investor-application").filter({ hasText: legalName });
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText("Investor approved", { exact: true })).toBeVisible();
  await staff.context().close();
  return { page, email, legalName };
}

test("a customer applies to invest with their ID; a bad document is refused; staff approve and the customer is told", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const legalName = `Chukwuemeka Okafor ${unique()}`;
  const email = await signedInNewCustomer(page.request, browser, legalName);

  await page.goto("/invest");
  await expect(page.getByTestId("projection-note")).toContainText("not guaranteed");
  await expect(page.getByTestId("registration-note")).toContainText("Securities and Exchange Commission");
  await page.getByRole("link", { name: "Apply to invest" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Apply to invest" })).toBeVisible();

  // Nothing filled in: each field says what it needs.
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByText("Enter your full legal name, as on your ID")).toBeVisible();
  await expect(page.getByText("Read the risk statement and tick the box to accept it")).toBeVisible();

  const form = page.getByRole("form", { name: "Application to invest" });
  await form.getByLabel("Full legal name").fill(legalName);
  await form.getByLabel("Date of birth").fill("1986-02-09");
  await form.getByLabel("Phone").fill("0806 221 4470");
  await form.getByLabel("Home address").fill("18 Ring Road, Challenge");
  await form.getByLabel("State", { exact: true }).selectOption("Oyo");
  await form.getByLabel("Local government area").fill("Ibadan South-West");
  await form.getByLabel("ID type").selectOption("nin");
  await form.getByLabel("ID number").fill("13579246801");
  await form.getByLabel("Bank", { exact: true }).selectOption({ label: "Guaranty Trust Bank" });
  await form.getByLabel("Account number").fill("0123456783");
  await hydrated(page);
  await form.getByRole("button", { name: "Check account" }).click();
  await expect(form.getByTestId("resolved-account-name")).toContainText(fakeAccountName("0123456783"));
  await form.getByLabel("Yearly income").selectOption("6m_to_12m");
  await form.getByLabel(/I have read the risk statement/).check();
  // A program named like a photo is refused by its content.
  await form
    .getByLabel("Photo or scan of the ID")
    .setInputFiles({ name: "nin.jpg", mimeType: "image/jpeg", buffer: Buffer.from("MZ\x90\x00 not a photo") });
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByText("The ID document must be a photo (JPEG, PNG or WebP) or a PDF")).toBeVisible();
  await expect(page.getByTestId("application-status")).toHaveCount(0);

  await form.getByLabel("Photo or scan of the ID").setInputFiles(idDocument);
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByText("Application sent", { exact: true })).toBeVisible();
  await expect(page.getByTestId("application-status")).toContainText("Awaiting review");
  await expect(page.getByTestId("application-status")).toContainText("(confirmed by the bank)");
  expect(await mailFromMailbox(browser, email, /We received your application to invest/)).toContain("2 working days");

  // Staff see the application and its ID document (private, never sniffed), and approve it.
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  await staff.goto("/staff/investors");
  await hydrated(staff);
  const card = staff.getByTestId("investor-application").filter({ hasText: legalName });
  await expect(card).toContainText("Ibadan South-West, Oyo");
  const documentHref = await card.getByRole("link", { name: /See the ID document/ }).getAttribute("href");
  const document = await staff.request.get(documentHref!);
  expect(document.headers()["content-type"]).toBe("application/pdf");
  expect(document.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await document.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The applicant cannot fetch anyone's ID document.
  expect((await page.request.get(documentHref!, { maxRedirects: 0 })).status()).not.toBe(200);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText("Investor approved", { exact: true })).toBeVisible();

  expect(await mailFromMailbox(browser, email, /You can now invest with Zavolah/)).toContain("See the tiers");
  await page.reload();
  await expect(page.getByTestId("application-status")).toContainText("You are a checked investor");
});

test("an investor invests by bank transfer, staff confirm it, and the agreement downloads", async ({ browser }) => {
  const { page, email } = await newInvestor(browser);
  await page.goto("/invest");
  await page.getByRole("link", { name: "Invest in Workshop Growth Note" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Workshop Growth Note" })).toBeVisible();
  await expect(page.getByText("Projected return (not guaranteed)")).toBeVisible();
  await page.getByLabel("Amount to invest (₦)").fill("150,000");
  await page.getByRole("button", { name: "Continue to checkout" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const checkout = page.getByRole("form", { name: "Checkout" });
  await expect(page.getByTestId("summary-vat")).toHaveText("₦0.00");
  await expect(page.getByTestId("summary-total")).toHaveText("₦150,000.00");
  await checkout.getByLabel("Phone").fill("0803 555 0199");
  await checkout.getByLabel("Street address").fill("5 Bode Thomas Street, Surulere");
  await checkout.getByLabel("LGA or city").fill("Surulere");
  await checkout.getByLabel("State").selectOption("Lagos");
  await checkout.getByRole("radio", { name: /^Bank transfer/ }).check();
  await checkout.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByRole("heading", { name: "Order placed" })).toBeVisible();
  const orderNumber = /ZV-\d+/.exec(await page.getByRole("status").first().innerText())![0];

  // The order's page leads to where the investment is followed.
  await page.getByRole("link", { name: "Your investments" }).click();
  await expect(page).toHaveURL(/\/investor-dashboard$/);
  const row = page.getByTestId("investment-row").first();
  await expect(row).toContainText("Awaiting payment");
  await expect(row).toContainText("₦150,000.00");

  // Staff confirm the transfer twice (two tabs): the investment starts once. A bank reference is used once only.
  const bankReference = `GTB-TRF-${Date.now()}`;
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  for (let i = 0; i < 2; i++) {
    const confirmed = await staff.request.post(`/staff/orders/${orderNumber}`, {
      form: { intent: "confirm-transfer", reference: bankReference },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(confirmed.status()).toBe(302);
  }
  await staff.context().close();

  await page.reload();
  await expect(row).toContainText("Active");
  await expect(page.getByText("Principal invested")).toBeVisible();
  const agreementLink = page.getByRole("link", { name: /Investment agreement ZINV-\d{4}-\d{6}/ });
  const reference = /ZINV-\d{4}-\d{6}/.exec((await agreementLink.innerText()) ?? "")![0];
  const pdf = await page.request.get((await agreementLink.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toContain(reference);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The investor chooses to have distributions added to the investment, and sees the choice kept.
  const choice = page.getByTestId("reinvest-choice");
  await expect(choice).toContainText("distributions are paid to your bank account");
  await choice.getByRole("button", { name: "Reinvest them instead" }).click();
  await expect(page.getByText("Distributions will be reinvested", { exact: true })).toBeVisible();
  await expect(choice).toContainText("distributions are added to this investment");
  const mail = await mailFromMailbox(browser, email, /Your Workshop Growth Note investment is active/);
  expect(mail).toContain(reference);
  expect(mail).toContain("not guaranteed");

  // Another investor's agreement is not found.
  const other = await (await browser.newContext({ storageState: signedIn("investor") })).newPage();
  expect((await other.request.get(`/investor-dashboard/agreements/${reference}`)).status()).toBe(404);
  await other.context().close();
});

test("an amount over the investor's yearly 10% allowance is refused with the figure, and the cart stays empty", async ({ browser }) => {
  const { page } = await newInvestor(browser, "under_2_4m");
  await page.goto("/invest");
  await page.getByRole("link", { name: "Invest in Workshop Growth Note" }).click();
  await expect(page.getByLabel("Amount to invest (₦)")).toBeVisible();
  await expect(page.getByText(/You may invest up to ₦120,000\.00 more in \d{4}/)).toBeVisible();
  await page.getByLabel("Amount to invest (₦)").fill("150000");
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(
    page.getByText("You may invest ₦120,000 more this year: the SEC limits investments to 10% of your yearly income."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/invest\/tiers\/\d+$/);
  await page.goto("/cart");
  await expect(page.getByText("Workshop Growth Note investment")).toHaveCount(0);
});

test("an admin opens a tier and it shows on the public page with its projection labelled", async ({ page }) => {
  await useSignIn(page.context(), "admin");
  const name = `Kano Cold-Room Note ${unique()}`;
  await page.goto("/admin/investments");
  await hydrated(page);
  const form = page.getByRole("form", { name: "New tier" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel(/Summary/).fill("Funds solar cold rooms for tomato traders in Kano, repaid from storage fees.");
  await form.getByLabel(/Smallest amount/).fill("100,000");
  await form.getByLabel(/Largest amount/).fill("2,000,000");
  await form.getByLabel(/Total to raise/).fill("50,000,000");
  await form.getByLabel(/Projected return/).fill("13.5");
  await form.getByLabel(/Tenor/).fill("18");
  await form.getByLabel("Distributes").selectOption("quarterly");
  await form.getByLabel(/Lock-up/).fill("6");
  await form.getByRole("button", { name: "Add tier" }).click();
  await expect(page.getByText("Tier saved", { exact: true })).toBeVisible();

  const visitor = await (
    await page
      .context()
      .browser()!
      .newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  await visitor.goto("/invest");
  const card = visitor.getByTestId("tier-card").filter({ hasText: name });
  await expect(card).toContainText("13.5% a year");
  await expect(card).toContainText("Projected return (not guaranteed)");
  await expect(card).toContainText("₦0.00 of ₦50,000,000.00 raised");
  await visitor.context().close();
});
