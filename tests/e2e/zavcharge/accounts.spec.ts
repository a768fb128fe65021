import { expect, test, type Page } from "@playwright/test";
import {
  BASE,
  confirmDriverPhone,
  hydrated,
  linkFromMailbox,
  mailFromMailbox,
  signedInNewCustomer,
  uniqueEmail,
  uniquePhone,
} from "../support";
import { pinResetCodeIn, registeredDriver } from "./driver-fixtures";

// ZavCharge accounts (docs/product/zavcharge.md#accounts, #pins, #wallet): registering in the dialog's ZavCharge
// context, PIN sign-in and lock-out, PIN reset by e-mailed code, a top-up paid through the Paystack fake.

async function openZavChargeDialog(page: Page, tab = "login") {
  await page.goto(`/zavcharge?login=true&tab=${tab}`);
  await hydrated(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "ZavCharge Account" })).toBeVisible();
  return dialog;
}

async function signInWithPin(page: Page, code: string, pin: string) {
  const dialog = await openZavChargeDialog(page);
  await dialog.getByLabel("Subscription ID").fill(code);
  await dialog.getByLabel("PIN").fill(pin);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  return dialog;
}

test("a visitor registers in the ZavCharge context; the account opens with the id and ₦1,000 when the e-mail is confirmed", async ({
  page,
  browser,
}) => {
  const dialog = await openZavChargeDialog(page, "register");
  await expect(dialog.getByRole("tab", { name: "Forgot PIN" })).toBeVisible();
  const email = uniqueEmail("tunde");
  await dialog.getByLabel("Full name").fill("Tunde Adeyemi");
  await dialog.getByLabel("Email").fill(email);
  const phone = uniquePhone();
  await dialog.getByLabel("Phone").fill(phone);
  await dialog.getByLabel("Password", { exact: true }).fill("Charge2026!");
  await dialog.getByLabel("Confirm password").fill("Charge2026!");
  // The PIN field keeps digits only; mismatched PINs are refused and nothing is created.
  await dialog.getByLabel("PIN", { exact: true }).pressSequentially("12ab34-56");
  await expect(dialog.getByLabel("PIN", { exact: true })).toHaveValue("123456");
  await dialog.getByLabel("Confirm PIN").fill("123450");
  await dialog.getByLabel(/I agree to the/).check();
  await dialog.getByRole("button", { name: "Create ZavCharge account" }).click();
  await expect(dialog.getByText("PINs do not match")).toBeVisible();

  await dialog.getByLabel("Confirm PIN").fill("123456");
  await dialog.getByRole("button", { name: "Create ZavCharge account" }).click();
  await expect(dialog.getByText("Check your e-mail to finish").first()).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "test-results/screens/zavcharge-registered-375.png" });
  // Nothing is open before the address is proved: no PIN session, no dashboard.
  await page.goto("/zavcharge/dashboard");
  await expect(page).toHaveURL(/login=true/);

  await page.goto(await linkFromMailbox(browser, email, "/auth/callback"));
  await expect(page).toHaveURL("/zavcharge/dashboard");
  await expect(page.getByText("Welcome to ZavCharge, Tunde Adeyemi!")).toBeVisible();
  const code = (await page.getByTestId("subscription-id").textContent())!;
  expect(code).toMatch(/^ZAV\d{8}[A-Z]{4}$/);
  // The welcome waits for the phone: nothing is credited until the code texted to it is typed.
  await expect(page.getByTestId("zavcharge-balance")).toHaveText("₦0.00");
  await page.screenshot({ path: "test-results/screens/zavcharge-confirm-phone-375.png", fullPage: true });
  await confirmDriverPhone(page, phone);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText("Welcome credit").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/zavcharge-dashboard-375.png", fullPage: true });

  // The welcome e-mail carries the id (never the PIN).
  const welcome = await mailFromMailbox(browser, email, /Welcome to ZavCharge/);
  expect(welcome).toContain(code);
  expect(welcome).not.toContain("123456");
});

test("a PIN session opens the dashboard only: deleting the account and changing the phone need the password", async ({ page }) => {
  const driver = await registeredDriver(page);
  await signInWithPin(page, driver.code.toLowerCase(), driver.pin);
  await expect(page).toHaveURL("/zavcharge/dashboard");
  await expect(page.getByText("Welcome back, Amaka Obi!")).toBeVisible();
  await expect(page.getByText("To delete your ZavCharge account, sign in with your Zavolah e-mail and password.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, delete my account" })).toHaveCount(0);

  // The server refuses what the page does not offer.
  const close = await page.request.post("/zavcharge/dashboard", { form: { intent: "close", _js: "1" }, headers: { origin: BASE } });
  expect(close.status()).toBe(403);
  const phone = await page.request.post("/zavcharge/dashboard", {
    form: { intent: "update", name: "Amaka Obi", phone: "0803 000 0000", _js: "1" },
    headers: { origin: BASE },
  });
  expect(phone.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId("subscription-id")).toHaveText(driver.code);
  await expect(page.getByText("+2348030000000")).toHaveCount(0);

  // Orders stay behind the password.
  await page.goto("/client-dashboard");
  await expect(page).toHaveURL(/login=true/);
  await page.goto("/zavcharge/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/zavcharge");
  await expect(page.getByText("Signed out of ZavCharge")).toBeVisible();
  await page.goto("/zavcharge/dashboard");
  await expect(page).toHaveURL(/login=true/);
});

test("five wrong PINs lock the id; a reset through the e-mailed code lets the driver in with the new PIN", async ({ page, browser }) => {
  const driver = await registeredDriver(page);
  const dialog = await signInWithPin(page, driver.code, "000000");
  await expect(dialog.getByText("Incorrect PIN").first()).toBeVisible();
  for (let i = 0; i < 4; i++) {
    const res = await page.request.post("/zavcharge/sign-in", {
      form: { subscriptionId: driver.code, pin: "111111", _js: "1" },
      headers: { origin: BASE },
    });
    expect(res.status()).toBe(400);
  }
  // The right PIN is refused now too, with how long to wait.
  await dialog.getByLabel("PIN").fill(driver.pin);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(dialog.getByText(/Too many attempts\. Please wait 1[45] minutes and try again\./).first()).toBeVisible();
  await expect(page).toHaveURL(/\/zavcharge\?/);

  // Forgot PIN: the id with another e-mail is refused; with the account's e-mail a code is sent.
  await dialog.getByRole("tab", { name: "Forgot PIN" }).click();
  await dialog.getByLabel("Subscription ID").fill(driver.code);
  await dialog.getByLabel("Email").fill("not.the.owner@example.ng");
  await dialog.getByRole("button", { name: "Send reset code" }).click();
  await expect(dialog.getByText("No account found with this Subscription ID and email").first()).toBeVisible();
  await dialog.getByLabel("Email").fill(driver.email);
  await dialog.getByRole("button", { name: "Send reset code" }).click();
  await expect(dialog.getByText(`We have e-mailed a 6-digit code to ${driver.email}.`)).toBeVisible();

  const mail = await mailFromMailbox(browser, driver.email, /Your ZavCharge PIN reset code/);
  const code = pinResetCodeIn(mail);
  await dialog.getByLabel("Reset code").fill(code);
  await dialog.getByLabel("New PIN", { exact: true }).fill("271828");
  await dialog.getByLabel("Confirm new PIN").fill("271829");
  await dialog.getByRole("button", { name: "Set new PIN" }).click();
  await expect(dialog.getByText("New PINs do not match")).toBeVisible();
  await dialog.getByLabel("Confirm new PIN").fill("271828");
  await dialog.getByRole("button", { name: "Set new PIN" }).click();
  await expect(dialog.getByText("PIN reset successful").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Back to sign in" }).click();

  await dialog.getByLabel("Subscription ID").fill(driver.code);
  await dialog.getByLabel("PIN").fill("271828");
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/zavcharge/dashboard");
  await expect(page.getByText(driver.code)).toBeVisible();
});

test("a signed-in customer joins ZavCharge and tops up ₦5,000 with Paystack: credited once, no VAT", async ({ page, browser }) => {
  await signedInNewCustomer(page.request, browser, "Halima Musa");
  await page.goto("/zavcharge/dashboard");
  await expect(page).toHaveURL("/zavcharge/join");
  const phone = await page.getByLabel("Phone").inputValue();
  await page.getByLabel("PIN", { exact: true }).fill("864209");
  await page.getByLabel("Confirm PIN").fill("864209");
  await page.getByRole("button", { name: "Create my ZavCharge account" }).click();
  await expect(page).toHaveURL("/zavcharge/dashboard");
  await expect(page.getByText("Welcome to ZavCharge, Halima Musa!")).toBeVisible();
  await confirmDriverPhone(page, phone);

  await page.getByRole("link", { name: "Top up" }).click();
  await expect(page.getByRole("heading", { name: "Top up your wallet" })).toBeVisible();
  // A custom amount outside the limits is refused and nothing goes in the cart.
  await page.getByLabel(/Another amount/).check();
  await page.getByLabel("Your amount (₦)").fill("600000");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("A top-up must be between ₦500.00 and ₦500,000.00")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  await page.getByLabel(/₦5,000\.00/).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await expect(form.getByLabel("Pay on delivery")).toHaveCount(0);
  await expect(page.getByTestId("summary-vat")).toHaveText("₦0.00");
  await expect(page.getByTestId("summary-total")).toHaveText("₦5,000.00");
  await form.getByLabel("Phone").fill("0803 456 7890");
  await form.getByLabel("Street address").fill("4 Kingsway Road, Ikoyi");
  await form.getByLabel("LGA or city").fill("Eti-Osa");
  await form.getByLabel("State").selectOption("Lagos");
  await form.getByLabel("Card, bank or USSD (Paystack)").check();
  await form.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByTestId("amount")).toHaveText("₦5,000.00");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  // The callback and the webhook both report it; a reload reports it again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

  await page.goto("/zavcharge/dashboard");
  await expect(page.getByTestId("zavcharge-balance")).toHaveText("₦6,000.00");
  await expect(page.getByText("Top-up", { exact: true })).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/zavcharge-dashboard-1280.png", fullPage: true });
});
