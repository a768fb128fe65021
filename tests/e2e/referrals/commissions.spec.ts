import { expect, test, type Browser, type Page } from "@playwright/test";
import { payAtFake, placeTestOrder, postWebhook } from "../payments/payment-fixtures";
import { hydrated, signedIn, signedInNewCustomer, uniquePhone } from "../support";

// Commissions and checks of refer and earn (docs/product/refer-and-earn.md): a friend's paid order earns a held
// commission that a refund reverses; a friend with the referrer's own phone is refused; one joining from the referrer's
// network waits for staff. Approval and payout change programme settings: payout.spec.ts, in the shared-state project.

const COURSE = "/academy/inverter-and-battery-sizing"; // ₦50,000 before VAT

/** The referral code on the signed-in customer's /refer-earn. */
async function codeOn(page: Page): Promise<string> {
  await page.goto("/refer-earn");
  return new URL(await page.getByRole("textbox", { name: "Your referral link" }).inputValue()).searchParams.get("ref")!;
}

/** A friend who joins with the code on a phone, buys the course by Paystack and whose webhook arrives twice. */
async function friendBuysCourse(browser: Browser, code: string) {
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await signedInNewCustomer(phone.request, browser, "Emeka Nwachukwu", { referralCode: code });
  const order = await placeTestOrder(phone.request, "paystack", { course: COURSE });
  const paid = await payAtFake(phone.request, "paystack", order.orderId);
  for (let i = 0; i < 2; i++) expect((await postWebhook(phone.request, "paystack", paid)).status).toBe(200);
  await phone.close();
  return order;
}

test("a friend's paid course earns a held commission once; a refund before approval reverses it", async ({ page, browser }) => {
  await signedInNewCustomer(page.request, browser, "Funmilayo Adeyemi");
  const order = await friendBuysCourse(browser, await codeOn(page));

  await page.reload();
  const commission = page.getByTestId("commission");
  await expect(commission).toHaveCount(1);
  await expect(commission).toContainText("Emeka N.'s order");
  await expect(commission).toContainText("Pending");
  // 5% of the course's ₦50,000; the VAT on top earns nothing.
  await expect(commission).toContainText("₦2,500.00");
  await expect(page.getByTestId("referral-pending")).toHaveText("₦2,500.00");
  await expect(page.getByTestId("referral-balance")).toHaveText("₦0.00");
  await expect(page.getByTestId("invited-person")).toContainText("Made a purchase");

  const staffContext = await browser.newContext({ storageState: signedIn("staff") });
  const staff = await staffContext.newPage();
  await staff.goto(`/staff/orders/${order.orderNumber}`);
  await hydrated(staff);
  staff.once("dialog", (dialog) => dialog.accept());
  await staff.getByRole("button", { name: /^Refund ₦/ }).click();
  await expect(staff.getByTestId("order-status").first()).toHaveText("Refunded");
  await staffContext.close();

  await page.reload();
  await expect(commission).toContainText("Reversed");
  await expect(commission).toContainText("The order was refunded");
  await expect(page.getByTestId("referral-pending")).toHaveText("₦0.00");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "test-results/screens/refer-earn-commissions-360.png", fullPage: true });
});

test("a friend who signs up with the referrer's own phone number is refused, and says why", async ({ page, browser }) => {
  const phone = uniquePhone();
  await signedInNewCustomer(page.request, browser, "Ngozi Okafor", { phone });
  const code = await codeOn(page);
  const twin = await browser.newContext();
  await signedInNewCustomer(twin.request, browser, "Ngozi Okafor", { referralCode: code, phone });
  await twin.close();
  await page.reload();
  await expect(page.getByTestId("invited-person")).toContainText("Not eligible: the same phone number as yours");
  await expect(page.getByTestId("joined-count")).toHaveText("0");
});

test("a friend joining from the referrer's network waits for staff, who clear it", async ({ browser }) => {
  // Both come through the same network address (the site trusts its proxy's X-Forwarded-For, as in production).
  const sameNetwork = { extraHTTPHeaders: { "x-forwarded-for": `102.89.${Math.floor(Math.random() * 250)}.17` } };
  const referrerContext = await browser.newContext(sameNetwork);
  const referrer = await referrerContext.newPage();
  await signedInNewCustomer(referrer.request, browser, "Yusuf Garba");
  const code = await codeOn(referrer);
  const friendContext = await browser.newContext(sameNetwork);
  const friendEmail = await signedInNewCustomer(friendContext.request, browser, "Aisha Bello", { referralCode: code });
  await friendContext.close();
  await referrer.reload();
  await expect(referrer.getByTestId("invited-person")).toContainText("Being checked by our team");

  const staffContext = await browser.newContext({ storageState: signedIn("staff") });
  const staff = await staffContext.newPage();
  await staff.goto("/staff/referrals");
  await hydrated(staff);
  const row = staff.getByTestId("flagged-referral").filter({ hasText: friendEmail });
  await expect(row).toContainText("Joined from the same network address the referrer signs in from");
  await row.getByRole("button", { name: "Refuse" }).click();
  await expect(staff.getByText("Say why it is refused (at least 5 characters).")).toBeVisible();
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText("Referral approved")).toBeVisible();
  await expect(row).toHaveCount(0);
  await staffContext.close();

  await referrer.reload();
  await expect(referrer.getByTestId("invited-person")).toContainText("Signed up");
  await referrerContext.close();
});
