import { expect, test } from "@playwright/test";
import { formatKobo } from "@domain/money/money";
import { placeTestOrder } from "../payments/payment-fixtures";
import { hydrated, mailFromMailbox, signedIn, signedInNewCustomer, signInThroughDialog } from "../support";

// A person asks to delete their data from /account, staff complete it within the 30 days
// (docs/product/privacy-requests.md): the order stays, without the person, and they can no longer sign in.

test("a customer asks to delete their account; staff complete it; the order stays without them and they cannot sign in", async ({
  page,
  browser,
}) => {
  const email = await signedInNewCustomer(page.request, browser, "Obinna Chukwu");
  const { orderNumber, totalKobo } = await placeTestOrder(page.request, "bank_transfer");

  await page.goto("/account");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Delete my account" });
  await expect(section).toContainText("within 30 days");
  await expect(section).toContainText("orders, invoices and payments");
  await section.getByLabel("Your password").fill("not-my-password");
  await section.getByRole("button", { name: "Ask to delete my account" }).click();
  await expect(section.getByText("Your current password is not correct")).toBeVisible();
  await section.getByLabel("Your password").fill("Sunshine2026!");
  await section.getByRole("button", { name: "Ask to delete my account" }).click();
  await expect(page.getByText(/^Request DR-\d+ received$/)).toBeVisible();
  const open = page.getByTestId("deletion-open");
  await expect(open.getByRole("button", { name: "Withdraw my request" })).toBeVisible();
  const reference = /DR-\d{4,}/.exec(await open.innerText())![0];

  // A member of staff finds it, with nothing holding it (the order is not paid yet), and completes it.
  const staffContext = await browser.newContext({ storageState: signedIn("staff") });
  const staff = await staffContext.newPage();
  await staff.goto("/staff/privacy-requests");
  const card = staff.getByTestId("deletion-request-open").filter({ hasText: reference });
  await expect(card).toContainText(email);
  await expect(card.getByTestId("deletion-days-left")).toHaveText(/^(30|31) days left$/);
  await expect(card.getByTestId("deletion-holds")).toContainText("Nothing holds it");
  await card.getByLabel(/I have checked this request/).check();
  await card.getByRole("button", { name: "Complete deletion" }).click();
  await expect(staff.getByText(`${reference} completed`)).toBeVisible();
  const closed = staff.getByTestId("deletion-request-closed").filter({ hasText: reference });
  await expect(closed).toContainText("Data deleted");
  await expect(closed).toContainText("Completed");
  await expect(closed).not.toContainText(email);

  // The order is kept for the accounts, cancelled (it was never paid), without the customer's details.
  await staff.goto(`/staff/orders/${orderNumber}`);
  await expect(staff.getByTestId("customer-erased")).toBeVisible();
  await expect(staff.getByTestId("order-total")).toHaveText(formatKobo(totalKobo));
  await expect(staff.getByTestId("order-status").first()).toHaveText("Cancelled");
  const customer = staff.getByRole("region", { name: "Customer and delivery" });
  await expect(customer).toContainText("Deleted customer");
  for (const detail of ["Chidinma Eze", email, "Admiralty Way", "0806", "+234806"]) await expect(customer).not.toContainText(detail);
  await staffContext.close();

  // The person was told, at the address we no longer keep.
  expect(await mailFromMailbox(browser, email, /Your Zavolah account has been deleted/)).toContain(reference);

  // Their session has ended, and they can never sign in again.
  await page.goto("/account");
  await expect(page).toHaveURL(/login=true/);
  const dialog = await signInThroughDialog(page, email, "Sunshine2026!");
  await expect(dialog.getByText("Invalid email or password")).toBeVisible();
});
