import { expect, test } from "@playwright/test";
import { hydrated, signInAs } from "../support";
import { registeredDriver } from "../zavcharge/driver-fixtures";
import { friendBuysCourse, programmeAdmin, referralCodeOn } from "./referral-fixtures";

// After the refund window, a commission is approved and paid into the referrer's ZavCharge wallet
// (docs/product/refer-and-earn.md#payouts). The admin shortens the window and lowers the minimum payout for it, so this
// journey runs in the shared-state project, and puts both back.

test("an approved commission is paid into the referrer's ZavCharge wallet, and the balance shows there", async ({ page, browser }) => {
  const driver = await registeredDriver(page);
  await signInAs(page.request, driver.email, "Charge2026!");
  await friendBuysCourse(browser, await referralCodeOn(page), "Chiamaka Obi");

  const { admin, setProgramme, approveNow, restore } = await programmeAdmin(browser);
  try {
    await setProgramme("0", "4000");
    await admin.getByLabel("Referral commission (%)").fill("16");
    await admin.getByRole("button", { name: "Save referral" }).click();
    await expect(admin.getByText("The referral commission (16%) cannot be above the maximum commission (15%)")).toBeVisible();

    await approveNow(page);
    const commission = page.getByTestId("commission");
    await expect(page.getByTestId("referral-balance")).toHaveText("₦4,500.00");
    await expect(page.getByTestId("invited-person")).toContainText("Qualified");
    await expect(page.getByTestId("referral-points")).toHaveText("10");

    await hydrated(page);
    await page.getByRole("button", { name: "Pay ₦4,500.00 into my ZavCharge wallet" }).click();
    await expect(page.getByText("Paid into your ZavCharge wallet")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("referral-balance")).toHaveText("₦0.00");
    await expect(commission).toContainText("Paid");
    await expect(page.getByTestId("referral-payout")).toContainText("₦4,500.00");

    await page.goto("/zavcharge/dashboard");
    await expect(page.getByText("Refer & Earn payout")).toBeVisible();

    await admin.goto(`/admin/referrals?referrer=${encodeURIComponent(driver.email)}`);
    await expect(admin.getByTestId("ledger-balance")).toHaveText("₦0.00");
    await expect(admin.getByRole("list", { name: "Ledger entries" }).getByRole("listitem")).toHaveCount(2);
    await admin.screenshot({ path: "test-results/screens/admin-referrals-1280.png", fullPage: true });
  } finally {
    await restore();
  }
});
