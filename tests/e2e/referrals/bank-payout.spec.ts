import { expect, test } from "@playwright/test";
import { fakeAccountName } from "../../fakes/paystack";
import { hydrated, signedInNewCustomer } from "../support";
import { friendBuysCourse, programmeAdmin, referralCodeOn } from "./referral-fixtures";

// A referrer is paid into their bank account (docs/product/refer-and-earn.md#payouts): they save the account (the name
// comes from the bank), ask for the payout, and an admin pays it through Paystack from the payouts queue. Shortens the
// programme's hold, so it runs in the shared-state project.

test("a referrer saves their bank account, asks for a payout, and an admin pays it through Paystack", async ({ page, browser }) => {
  await signedInNewCustomer(page.request, browser, "Oluwaseun Bello");
  await friendBuysCourse(browser, await referralCodeOn(page), "Ifeanyi Okeke");

  const { admin, setProgramme, approveNow, restore } = await programmeAdmin(browser);
  try {
    await setProgramme("0", "4000");
    await approveNow(page);
    await expect(page.getByTestId("referral-balance")).toHaveText("₦4,500.00");

    await hydrated(page);
    const account = page.getByRole("form", { name: "Bank account for payouts" });
    await account.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
    await account.getByLabel("Account number").fill("0123450000");
    await account.getByRole("button", { name: "Save bank account" }).click();
    await expect(account.getByText("Guaranty Trust Bank does not know account 0123450000. Check the number and the bank.")).toBeVisible();
    await account.getByLabel("Account number").fill("0123456781");
    await account.getByRole("button", { name: "Save bank account" }).click();
    const name = fakeAccountName("0123456781");
    await expect(page.getByText(`Payouts to your bank go to ${name}.`)).toBeVisible();
    await expect(page.getByTestId("payout-account")).toContainText(`${name} · Guaranty Trust Bank ••••6781 · name checked with the bank`);

    await page.getByRole("button", { name: "Send ₦4,500.00 to my bank account" }).click();
    await expect(page.getByText("Payout to your bank requested")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("referral-balance")).toHaveText("₦0.00");
    await expect(page.getByTestId("referral-payout")).toContainText("Waiting to be sent");

    await admin.goto("/admin/payouts");
    await hydrated(admin);
    const waiting = admin
      .getByRole("region", { name: /Refer & Earn/ })
      .getByTestId("payout-waiting")
      .filter({ hasText: "Oluwaseun Bello" });
    await expect(waiting).toContainText(`${name} · Guaranty Trust Bank · 0123456781`);
    const request = waiting.getByRole("form", { name: "Settle the payout to Oluwaseun Bello" });
    await request.getByRole("button", { name: "Pay through Paystack" }).click();
    await expect(admin.getByText(/Oluwaseun Bello, ₦4,500\.00\./)).toBeVisible();

    // Paystack's webhook a moment later settles it; the referrer sees it sent, with the transfer's reference.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("referral-payout")).toContainText(/Sent · reference TRF_/, { timeout: 1_000 });
    }).toPass();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: "test-results/screens/refer-earn-bank-360.png", fullPage: true });
  } finally {
    await restore();
  }
});
