import { expect, test } from "@playwright/test";
import { distributionPeriodLabel } from "../../../domain/investments/distribution-chart";
import { addDays, formatLagosDate, lagosToday } from "../../../domain/time/lagos-time";
import { BASE, hydrated, mailFromMailbox, signedIn, DEMO } from "../support";

// Distributions (docs/product/investments.md#distributions): one admin declares, the same admin cannot approve, a
// second admin approves and sends the share through Paystack (#payouts), and the investor (the demo investor, who holds
// the Solar Mini-Grid Note) is told and sees it paid.

test("an admin declares a distribution, cannot approve it themself, a second admin does, and the investor is told", async ({ browser }) => {
  const today = lagosToday();
  // One day of the five months the demo investor has held the tier, a different one on a retry (a day is declared once).
  const day = addDays(today, -1 - Math.floor(Math.random() * 140));
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await admin.goto("/admin/investments");
  await hydrated(admin);
  const declare = admin.getByRole("form", { name: "Declare a distribution" });
  await declare.getByLabel("Tier").selectOption({ label: "Solar Mini-Grid Note" });
  // A period not yet ended is refused.
  await declare.getByLabel("First day").fill(day);
  await declare.getByLabel("Last day").fill(today);
  await declare.getByLabel("Pool (₦)").fill("500,000");
  await declare.getByRole("button", { name: "Declare for approval" }).click();
  await expect(declare.getByText("Declare a period only once it has ended")).toBeVisible();
  await declare.getByLabel("Last day").fill(day);
  await declare.getByRole("button", { name: "Declare for approval" }).click();
  await expect(admin.getByText("Distribution declared", { exact: true })).toBeVisible();

  const period = `Solar Mini-Grid Note: ${formatLagosDate(`${day}T12:00:00Z`)} to ${formatLagosDate(`${day}T12:00:00Z`)}`;
  const mine = admin.getByTestId("distribution-row").filter({ hasText: period });
  await expect(mine.getByTestId("distribution-status")).toHaveText("Awaiting a second admin");
  await expect(mine).toContainText("You declared this distribution: another admin must approve it.");
  await expect(mine.getByRole("button", { name: "Approve" })).toHaveCount(0);

  const finance = await (await browser.newContext({ storageState: signedIn("finance") })).newPage();
  await finance.goto("/admin/investments");
  await hydrated(finance);
  const theirs = finance.getByTestId("distribution-row").filter({ hasText: period });
  const declarationId = await theirs.locator('input[name="declarationId"]').inputValue();

  // The declarer approving by a forged request is refused, and nothing changes.
  const forged = await admin.request.post("/admin/investments", {
    form: { intent: "decide-distribution", declarationId, decision: "approve", _js: "1" },
    headers: { origin: BASE },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("a second admin must approve or reject it");
  await admin.reload();
  await expect(mine.getByTestId("distribution-status")).toHaveText("Awaiting a second admin");

  await theirs.getByRole("button", { name: "Approve" }).click();
  await expect(finance.getByText("Distribution approved", { exact: true })).toBeVisible();
  await expect(theirs.getByTestId("distribution-status")).toHaveText("Approved");
  await expect(theirs).toContainText("₦500,000.00 to 1 investment");
  // Sent through Paystack: on its way, then paid when Paystack's webhook arrives a moment later.
  await theirs.getByRole("button", { name: "Send 1 with Paystack" }).click();
  await expect(finance.getByText("1 share(s) of Solar Mini-Grid Note sent", { exact: true })).toBeVisible();
  await expect(async () => {
    await finance.reload();
    await expect(theirs.getByTestId("distribution-shares")).toHaveText("all paid", { timeout: 1_000 });
  }).toPass();

  // The investor: ₦500,000 less 10% withholding tax, e-mailed and on the dashboard.
  const mail = await mailFromMailbox(browser, DEMO.investor, /A distribution from Solar Mini-Grid Note/);
  expect(mail).toContain("₦450,000.00");
  expect(mail).toContain("₦50,000.00 withholding tax");
  const investor = await (await browser.newContext({ storageState: signedIn("investor") })).newPage();
  await investor.goto("/investor-dashboard");
  await expect(investor.getByText("Distributions received")).toBeVisible();
  const received = investor.getByTestId("distribution-row").filter({ hasText: distributionPeriodLabel(day, addDays(day, 1)) });
  await expect(received).toContainText("₦450,000.00");
  await expect(received).toContainText("Paid");
});
