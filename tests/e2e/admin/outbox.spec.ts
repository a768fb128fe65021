import { expect, test } from "@playwright/test";
import { placeTestOrder } from "../payments/payment-fixtures";
import { hydrated, mailFromMailbox, signedInNewCustomer, useSignIn } from "../support";
import { pinResetCodeIn, registeredDriver, requestPinResetCode } from "../zavcharge/driver-fixtures";

// The admin outbox (issue 5): every e-mail and SMS with its delivery status, filters, and resend. The E2E app
// has no e-mail provider (e-mail lands in the local mailbox) and sends SMS through a fake Termii (tests/fakes).

test("an admin sees an order's e-mail and SMS, filters them, and sends the e-mail again", async ({ page, browser }) => {
  const customer = await browser.newContext();
  await signedInNewCustomer(customer.request, browser);
  const { orderNumber } = await placeTestOrder(customer.request, "paystack");
  await customer.close();

  await useSignIn(page.context(), "admin");
  await page.goto("/admin/outbox?channel=sms");
  const sms = page.getByTestId("outbox-row").filter({ hasText: `received order ${orderNumber}` });
  await expect(sms).toHaveCount(1);
  await expect(sms).toContainText("To +2348063456789");
  // Delivered by the outbox job (polling every 200 ms here).
  await expect(async () => {
    await page.reload();
    await expect(sms).toContainText("Provider: termii", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(sms).toContainText("Sent");
  await expect(page.getByTestId("outbox-row").filter({ hasText: "E-mail ·" })).toHaveCount(0);

  // Filters are a GET form: the address carries them.
  await page.getByLabel("Status").selectOption("sent");
  await page.getByLabel("Channel").selectOption("email");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=sent/);
  await expect(page).toHaveURL(/channel=email/);
  const subject = `Order ${orderNumber} received`;
  const mails = page.getByTestId("outbox-row").filter({ hasText: subject });
  await expect(mails).toHaveCount(1);
  await expect(mails).toContainText("Sent");
  await expect(mails).toContainText("Provider: mailbox");

  await hydrated(page);
  await mails.getByRole("button", { name: /Send again/ }).click();
  await expect(page.getByText("Message queued").first()).toBeVisible();
  // The copy is delivered by the outbox job (polling every 200 ms here) and listed as sent too.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("outbox-row").filter({ hasText: subject })).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/outbox");
    await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/admin-outbox-${width}.png`, fullPage: false });
  }
});

test("the dashboard and the mailbox link to the outbox", async ({ page }) => {
  await useSignIn(page.context(), "admin");
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Outbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await page.goto("/admin/mailbox");
  await page.getByRole("link", { name: "outbox" }).click();
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
});

test("a driver's PIN reset code is in the e-mail only: the outbox and mailbox lists never show it", async ({ page, browser }) => {
  const driver = await registeredDriver(page);
  await requestPinResetCode(page, driver);
  // The message itself, as delivered to the local mailbox (no e-mail provider here), carries the code.
  const code = pinResetCodeIn(await mailFromMailbox(browser, driver.email, /Your ZavCharge PIN reset code/));

  await useSignIn(page.context(), "admin");
  await page.goto("/admin/outbox?channel=email");
  const row = page
    .getByTestId("outbox-row")
    .filter({ hasText: `To ${driver.email}` })
    .filter({ hasText: "PIN reset" });
  await expect(row).toContainText("Your ZavCharge PIN reset code");
  await expect(page.locator("main")).not.toContainText(code);

  await page.goto(`/admin/mailbox?to=${encodeURIComponent(driver.email)}`);
  await expect(page.getByRole("link", { name: /Your ZavCharge PIN reset code/ })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(code);
});
