import { expect, test } from "@playwright/test";
import { BASE, DEMO, hydrated, mailFromMailbox, signInAs } from "../support";

// The demo seed places ZV-100001 (bank transfer) and ZV-100002 (pay on delivery) for the demo customer,
// through the real place-order use case, on the journeys' fresh database.

test("a customer can neither open the staff orders pages nor post to them", async ({ page, browser }) => {
  await signInAs(page.request, DEMO.customer);
  for (const path of ["/staff/orders", "/staff/orders/ZV-100001"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()["location"]).toBe("/");
  }
  const post = await page.request.post("/staff/orders/ZV-100001", {
    form: { intent: "status", to: "cancelled" },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect(post.headers()["location"]).toBe("/");
  await page.goto("/staff/orders");
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByText("Access Denied")).toBeVisible();

  // Nothing changed: staff still see the order awaiting payment, with only its first timeline entry.
  const staff = await browser.newContext();
  await signInAs(staff.request, DEMO.staff);
  const staffPage = await staff.newPage();
  await staffPage.goto("/staff/orders/ZV-100001");
  await expect(staffPage.getByTestId("order-status").first()).toHaveText("Awaiting payment");
  await expect(staffPage.getByTestId("order-timeline").locator("li")).toHaveCount(1);
  await staff.close();
});

test("staff find a bank-transfer order, mark it paid, processing and shipped; the customer gets the e-mails", async ({ page, browser }) => {
  await signInAs(page.request, DEMO.staff);
  await page.goto("/staff/orders");
  const filters = page.getByRole("search", { name: "Filter orders" });
  await filters.getByLabel("Search").fill("customer@zavolah.ng");
  await filters.getByLabel("Payment").selectOption("bank_transfer");
  await filters.getByLabel("Status").selectOption("pending_payment");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=customer%40zavolah.ng/);
  const row = page.getByTestId("order-row").filter({ hasText: "ZV-100001" });
  await expect(row).toContainText("Chidinma Eze");
  await expect(row).toContainText("Bank transfer");
  await expect(row).toContainText("Awaiting payment");
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "ZV-100001" })).toBeVisible();
  await hydrated(page);

  // Only the moves the state machine allows: a bank transfer cannot skip payment.
  await expect(page.getByRole("button", { name: "Start processing" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await page.getByRole("button", { name: "Mark paid (bank transfer)" }).click();
  await expect(page.getByText("Please enter the payment reference")).toBeVisible();
  await page.getByLabel("Bank reference of the transfer").fill("GTB-TRF-204811");
  await page.getByRole("button", { name: "Mark paid (bank transfer)" }).click();
  await expect(page.getByTestId("order-status").first()).toHaveText("Paid");
  await expect(page.getByText("ZV-100001 marked paid")).toBeVisible();

  await page.getByRole("button", { name: "Start processing" }).click();
  await expect(page.getByTestId("order-status").first()).toHaveText("Processing");
  await page.getByLabel(/^Note for the timeline/).fill("GIG Logistics waybill 55102");
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByTestId("order-status").first()).toHaveText("Shipped");
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeVisible();

  const timeline = page.getByTestId("order-timeline");
  await expect(timeline.locator("li")).toHaveCount(4);
  await expect(timeline.locator("li").nth(1)).toContainText("Awaiting payment → Paid");
  await expect(timeline.locator("li").nth(1)).toContainText("Tunde Bakare");
  await expect(timeline.locator("li").nth(1)).toContainText("reference GTB-TRF-204811");
  await expect(timeline.locator("li").nth(3)).toContainText("Processing → Shipped");
  await expect(timeline.locator("li").nth(3)).toContainText("GIG Logistics waybill 55102");

  const shipped = await mailFromMailbox(browser, DEMO.customer, /ZV-100001: is on its way/);
  expect(shipped).toContain("GIG Logistics waybill 55102");
  expect(shipped).toContain("15 Admiralty Way, Lekki Phase 1");
  const receipt = await mailFromMailbox(browser, DEMO.customer, /Payment receipt: .* for Order ZV-100001/);
  expect(receipt).toContain("GTB-TRF-204811");
});

test("a move another staff member already overtook shows why and changes nothing", async ({ page }) => {
  await signInAs(page.request, DEMO.staff);
  await page.goto("/staff/orders/ZV-100002");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  // Meanwhile a colleague confirms the cash on delivery, from a page without JavaScript.
  const other = await page.request.post("/staff/orders/ZV-100002", {
    form: { intent: "confirm-transfer", reference: "POS-88120" },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(302);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Order ZV-100002 is paid and cannot be marked cancelled." })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("order-status").first()).toHaveText("Paid");
  await expect(page.getByTestId("order-timeline")).not.toContainText("Cancelled");
});
