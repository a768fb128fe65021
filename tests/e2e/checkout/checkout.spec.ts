import { expect, test, type Page } from "@playwright/test";
import { BASE, hydrated, mailFromMailbox, registerConfirmed, signedIn, signInAs, signInThroughDialog, uniqueEmail } from "../support";

// Issue 4's main journey: a guest fills a cart, signs in (the carts merge), checks out with Paystack (the
// local fake), and lands on payment-success with the order paid and both e-mails in the mailbox.

const PASSWORD = "Sunshine2026!";

async function addFromProductPage(page: Page, slug: string, quantity = 1) {
  await page.goto(`/store/${slug}`);
  await hydrated(page);
  const form = page.getByTestId("add-to-cart");
  await form.getByLabel("Quantity").fill(String(quantity));
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/to your cart/).first()).toBeVisible();
}

test("guest cart, sign in and merge, Paystack checkout, paid order with receipt and e-mails", async ({ page, browser }) => {
  const email = uniqueEmail("amaka");
  await registerConfirmed(page, browser, "Amaka Nwosu", email, PASSWORD);

  // Signed in once before: one lighting kit left in the account's cart.
  await signInAs(page.context().request, email, PASSWORD);
  await addFromProductPage(page, "solar-lighting-kit");
  await page.context().clearCookies();

  // As a guest: a battery and two more kits.
  await addFromProductPage(page, "lithium-battery-5kwh");
  await addFromProductPage(page, "solar-lighting-kit", 2);
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  const dialog = await signInThroughDialog(page, email, PASSWORD, "/cart");
  await expect(dialog).toBeHidden();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  const kit = page.getByTestId("cart-line").filter({ hasText: "Solar Home Lighting Kit" });
  await expect(kit.getByRole("spinbutton")).toHaveValue("3");

  await page.getByRole("link", { name: /checkout/i }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Phone").fill("0803 456 7890");
  await form.getByLabel("Street address").fill("12 Adeola Odeku Street, Victoria Island");
  await form.getByLabel("LGA or city").fill("Eti-Osa");
  await form.getByLabel("State").selectOption("Lagos");
  // ₦1,450,000 + 3 x ₦45,000 = ₦1,585,000: free standard delivery; VAT 7.5% = ₦118,875.
  await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
  await expect(page.getByTestId("summary-vat")).toHaveText("₦118,875.00");
  await expect(page.getByTestId("summary-total")).toHaveText("₦1,703,875.00");
  await page.screenshot({ path: "test-results/screens/checkout-1280.png", fullPage: true });
  await form.getByLabel("Express delivery").check();
  await expect(page.getByTestId("summary-total")).toHaveText("₦1,709,250.00"); // + ₦5,000 express and its VAT
  await form.getByLabel("Standard delivery").check();
  await form.getByLabel("Card, bank or USSD (Paystack)").check();
  await form.getByRole("button", { name: /Place order/ }).click();

  // The fake Paystack's hosted page.
  await expect(page.getByTestId("amount")).toHaveText("₦1,703,875.00");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("order-status").first()).toHaveText("Paid");
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  const receipt = await page.request.get((await page.getByRole("link", { name: /Download receipt/ }).getAttribute("href")) as string);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  expect((await receipt.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const confirmation = await mailFromMailbox(browser, email, /Order ZV-\d+ received/);
  expect(confirmation).toContain("₦1,703,875.00");
  expect(confirmation).toContain("Lithium");
  const paid = await mailFromMailbox(browser, email, /Payment receipt: ₦1,703,875\.00/);
  expect(paid).toContain("Download your receipt");

  await page.goto("/client-dashboard");
  const order = page.getByTestId("order").first();
  await expect(order.getByTestId("order-status")).toHaveText("Paid");
});

test("checkout refuses bad input and a changed total, and another customer's order stays private", async ({ page, browser }) => {
  const email = uniqueEmail("bayo");
  await registerConfirmed(page, browser, "Bayo Adewale", email, PASSWORD);
  await signInAs(page.context().request, email, PASSWORD);
  await addFromProductPage(page, "mono-perc-450w-panel", 2);
  await page.goto("/checkout");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Phone").fill("12345");
  await form.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Enter a Nigerian mobile number, e.g. 0803 123 4567")).toBeVisible();
  await expect(page.getByText("Please enter your street address")).toBeVisible();
  await expect(page.getByText("Please choose your state")).toBeVisible();

  // A form whose total does not match the server's is refused with the real figure; nothing is ordered.
  const html = await (await page.request.get("/checkout")).text();
  const key = /name="checkoutKey" value="([^"]+)"/.exec(html)![1]!;
  const tampered = await page.request.post("/checkout", {
    form: {
      checkoutKey: key,
      fullName: "Bayo Adewale",
      phone: "08034567890",
      addressLine: "4 Ring Road, Challenge",
      city: "Ibadan South-West",
      state: "Oyo",
      deliveryMethod: "standard",
      paymentMethod: "bank_transfer",
      "expectedTotal-standard": "100",
    },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(tampered.status()).toBe(409);
  expect(await tampered.text()).toContain("The total changed to ₦354,750.00");
  await page.goto("/client-dashboard");
  await expect(page.getByTestId("orders-empty")).toBeVisible();

  // Now a real bank-transfer order: the result page gives the account and the order number as narration.
  await page.goto("/checkout");
  await hydrated(page);
  await form.getByLabel("Phone").fill("0803 456 7890");
  await form.getByLabel("Street address").fill("4 Ring Road, Challenge");
  await form.getByLabel("LGA or city").fill("Ibadan South-West");
  await form.getByLabel("State").selectOption("Oyo");
  await form.getByRole("radio", { name: /^Bank transfer/ }).check();
  await form.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByRole("heading", { name: "Order placed" })).toBeVisible();
  await expect(page.getByTestId("bank-details")).toContainText("1014327785");
  const orderUrl = page.url();
  const orderId = new URL(orderUrl).searchParams.get("order")!;

  // Another customer sees neither the order nor its receipt.
  const other = await browser.newContext({ storageState: signedIn("customer") });
  expect((await other.request.get(`/payment-success?order=${orderId}`)).status()).toBe(404);
  expect((await other.request.get(`/orders/${orderId}/receipt.pdf`)).status()).toBe(404);
  expect(
    (await other.request.post(`/orders/${orderId}/pay`, { headers: { origin: BASE }, maxRedirects: 0 })).headers().location ?? "",
  ).not.toContain("checkout/");
  await other.close();
});
