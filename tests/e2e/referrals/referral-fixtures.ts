import { expect, type Browser, type Page } from "@playwright/test";
import { payAtFake, placeTestOrder, postWebhook } from "../payments/payment-fixtures";
import { hydrated, signedIn, signedInNewCustomer } from "../support";

// Shared by the referral payout journeys (docs/product/refer-and-earn.md#payouts), which run in the shared-state
// project because they shorten the programme's hold and lower its minimum payout, and put both back.

export const COURSE = "/academy/ev-charging-for-technicians"; // ₦90,000 before VAT: ₦4,500 at 5%

/** The referral code on the signed-in customer's /refer-earn. */
export async function referralCodeOn(page: Page): Promise<string> {
  await page.goto("/refer-earn");
  return new URL(await page.getByRole("textbox", { name: "Your referral link" }).inputValue()).searchParams.get("ref")!;
}

/** A new friend joins with `code` and pays for the course through Paystack (fake): a ₦4,500 commission, held. */
export async function friendBuysCourse(browser: Browser, code: string, name: string) {
  const friend = await browser.newContext();
  await signedInNewCustomer(friend.request, browser, name, { referralCode: code });
  const order = await placeTestOrder(friend.request, "paystack", { course: COURSE });
  expect((await postWebhook(friend.request, "paystack", await payAtFake(friend.request, "paystack", order.orderId))).status).toBe(200);
  await friend.close();
}

/** An admin's page, with the programme's hold and minimum payout set from /admin/referrals. */
export async function programmeAdmin(browser: Browser) {
  const context = await browser.newContext({ storageState: signedIn("admin") });
  const admin = await context.newPage();
  const setProgramme = async (holdDays: string, minPayout: string) => {
    await admin.goto("/admin/referrals");
    await admin.getByLabel("Commission held for (days, the refund window)").fill(holdDays);
    await admin.getByLabel("Minimum payout (₦)").fill(minPayout);
    await admin.getByRole("button", { name: "Save referral" }).click();
    await expect(admin.getByText("Referral saved")).toBeVisible();
  };
  return {
    admin,
    setProgramme,
    /** With no hold, the approval job approves the commission now; the referrer's page shows it. */
    async approveNow(referrer: Page) {
      await admin.goto("/admin/jobs");
      await hydrated(admin);
      await admin.getByRole("button", { name: "Run Approve referral commissions now" }).click();
      await expect(async () => {
        await referrer.reload();
        await expect(referrer.getByTestId("commission")).toContainText("Approved", { timeout: 1_000 });
      }).toPass();
    },
    /** The programme's own settings back, and the admin's browser closed. */
    async restore() {
      await setProgramme("14", "5000");
      await context.close();
    },
  };
}
