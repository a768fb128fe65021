import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, hydrated, mailFromMailbox, signedIn, signInAs } from "../support";

// An abandoned cart reminded and recovered (docs/product/store-and-orders.md#abandoned-carts). The demo shopper's cart
// was seeded six hours before the server started, so the job finds it without anyone waiting hours; running the job
// touches only carts left that long, so it disturbs no other journey. Nothing here changes a setting.

const SHOPPER = "shopper@zavolah.ng";

test("an abandoned cart is reminded by e-mail, brought back from the link, ordered, and shows as recovered", async ({ page, browser }) => {
  // An admin runs the job now (it also ran at start: the reminder goes out once either way).
  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const jobs = await admin.newPage();
  await jobs.goto("/admin/jobs");
  await hydrated(jobs);
  const job = jobs.getByTestId("scheduled-job").filter({ hasText: "Abandoned-cart reminders" });
  await expect(job).toContainText("Runs every 15 minutes");
  await job.getByRole("button", { name: "Run Abandoned-cart reminders now" }).click();
  await expect(jobs.getByText("Job started")).toBeVisible();
  await admin.close();

  // The reminder in the local mailbox: the lines in naira, the cart value and the way back.
  const mail = await mailFromMailbox(browser, SHOPPER, /You left 3 items in your Zavolah cart/);
  expect(mail).toContain("Canadian Solar HiKu 400W Mono Panel (400W) x 2");
  expect(mail).toContain("₦449,000.00");
  expect(mail).toMatch(/Unsubscribe http\S+\/newsletter\/unsubscribe\?token=/);
  const link = /https?:\/\/\S+\/cart\/restore\/\S+/.exec(mail)![0];

  // The shopper follows it, signed in, and lands on the cart with the saved lines.
  await signInAs(page.context().request, SHOPPER, DEMO_PASSWORD);
  await page.goto(link);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Your cart is back")).toBeVisible();
  const panel = page.getByTestId("cart-line").filter({ hasText: "Canadian Solar HiKu 400W" });
  await expect(panel.getByRole("spinbutton")).toHaveValue("2");
  await expect(page.getByTestId("cart-line").filter({ hasText: "AGM Gel Solar Battery" })).toBeVisible();

  // Checkout, paying on delivery.
  await page.getByRole("link", { name: /checkout/i }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Phone").fill("0802 456 7123");
  await form.getByLabel("Street address").fill("7 Ring Road, Challenge");
  await form.getByLabel("LGA or city").fill("Ibadan South-West");
  await form.getByLabel("State").selectOption("Oyo");
  await form.getByLabel("Pay on delivery").check();
  await expect(page.getByTestId("summary-total")).toHaveText("₦482,675.00");
  await form.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole("heading", { name: "Order placed" })).toBeVisible();

  // Staff see the cart recovered by that order, in the figures and the list.
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  const list = await staff.newPage();
  await list.goto("/staff/abandoned-carts");
  await expect(list.getByRole("heading", { level: 1, name: "Abandoned carts" })).toBeVisible();
  await expect(list.getByTestId("figure-recovered")).not.toHaveText("0");
  await list.getByRole("navigation", { name: "Filter by state" }).getByRole("link", { name: "Recovered" }).click();
  await expect(list).toHaveURL(/state=recovered/);
  const row = list.getByTestId("abandoned-cart").filter({ hasText: SHOPPER });
  await expect(row.getByTestId("cart-state")).toHaveText("Recovered");
  await expect(row.getByTestId("cart-outcome")).toContainText(/ZV-\d+ ₦482,675\.00/);
  await expect(row.getByTestId("cart-reminders")).toContainText("1 of 2 sent");
  await expect(row.getByTestId("cart-note")).toContainText("Opened the link back to the cart");
  await staff.close();
});
