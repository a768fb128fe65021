import { readFileSync } from "node:fs";
import { expect, request as newRequest, test, type Browser } from "@playwright/test";
import { placeTestOrder } from "../payments/payment-fixtures";
import { BASE, csvRows, hydrated, mailFromMailbox, signedIn, signedInNewCustomer, useSignIn } from "../support";
import { servedPage } from "../served-page";

// Each journey places its own order, as a customer of its own, so none depends on the demo orders or on
// what another journey did to them.

/** A new customer's order, placed through the cart and checkout; returns their e-mail and the order number. */
async function customerOrder(browser: Browser, paymentMethod: "bank_transfer" | "pay_on_delivery") {
  const customer = await browser.newContext();
  try {
    const email = await signedInNewCustomer(customer.request, browser);
    const { orderNumber } = await placeTestOrder(customer.request, paymentMethod);
    return { email, orderNumber, customer };
  } catch (error) {
    await customer.close();
    throw error;
  }
}

test("a customer can neither open the staff orders pages nor post to them", async ({ browser }) => {
  const { orderNumber, customer } = await customerOrder(browser, "bank_transfer");
  for (const path of ["/staff/orders", `/staff/orders/${orderNumber}`]) {
    const res = await customer.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()["location"]).toBe("/");
  }
  const post = await customer.request.post(`/staff/orders/${orderNumber}`, {
    form: { intent: "status", to: "cancelled" },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect(post.headers()["location"]).toBe("/");
  const refused = await servedPage(customer.request, "/staff/orders");
  expect(refused.path).toBe("/");
  expect(refused.text).toContain("Access Denied");
  await customer.close();

  // Nothing changed: staff still see the order awaiting payment, with only its first timeline entry.
  const staff = await newRequest.newContext({ baseURL: BASE, storageState: signedIn("staff") });
  const order = await servedPage(staff, `/staff/orders/${orderNumber}`);
  expect(order.find({ "data-testid": "order-status" })?.text).toBe("Awaiting payment");
  expect(order.find({ "data-testid": "order-timeline" })?.elements("li")).toHaveLength(1);
  await staff.dispose();
});

test("staff find a bank-transfer order, mark it paid, processing and shipped; the customer gets the e-mails", async ({ page, browser }) => {
  const { email, orderNumber, customer } = await customerOrder(browser, "bank_transfer");
  await customer.close();
  await useSignIn(page.context(), "staff");
  await page.goto("/staff/orders");
  const filters = page.getByRole("search", { name: "Filter orders" });
  await filters.getByLabel("Search").fill(email);
  await filters.getByLabel("Payment").selectOption("bank_transfer");
  await filters.getByLabel("Status").selectOption("pending_payment");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === email);
  const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Chidinma Eze");
  await expect(row).toContainText("Bank transfer");
  await expect(row).toContainText("Awaiting payment");
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: orderNumber })).toBeVisible();
  await hydrated(page);

  // Only the moves the state machine allows: a bank transfer cannot skip payment.
  await expect(page.getByRole("button", { name: "Start processing" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await page.getByRole("button", { name: "Mark paid (bank transfer)" }).click();
  await expect(page.getByText("Please enter the payment reference")).toBeVisible();
  await page.getByLabel("Bank reference of the transfer").fill("GTB-TRF-204811");
  await page.getByRole("button", { name: "Mark paid (bank transfer)" }).click();
  await expect(page.getByTestId("order-status").first()).toHaveText("Paid");
  await expect(page.getByText(`${orderNumber} marked paid`)).toBeVisible();

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

  const shipped = await mailFromMailbox(browser, email, new RegExp(`${orderNumber}: is on its way`));
  expect(shipped).toContain("GIG Logistics waybill 55102");
  expect(shipped).toContain("15 Admiralty Way, Lekki Phase 1");
  const receipt = await mailFromMailbox(browser, email, new RegExp(`Payment receipt: .* for Order ${orderNumber}`));
  expect(receipt).toContain("GTB-TRF-204811");
});

test("a move another staff member already overtook shows why and changes nothing", async ({ page, browser }) => {
  const { orderNumber, customer } = await customerOrder(browser, "pay_on_delivery");
  await customer.close();
  await useSignIn(page.context(), "staff");
  await page.goto(`/staff/orders/${orderNumber}`);
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  // Meanwhile a colleague confirms the cash on delivery, from a page without JavaScript.
  const other = await page.request.post(`/staff/orders/${orderNumber}`, {
    form: { intent: "confirm-transfer", reference: "POS-88120" },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(302);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `Order ${orderNumber} is paid and cannot be marked cancelled.` })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("order-status").first()).toHaveText("Paid");
  await expect(page.getByTestId("order-timeline")).not.toContainText("Cancelled");
});

test("staff sort the orders by total, filtering keeps the sort, and the download holds the same orders in the same order", async ({
  page,
  browser,
}) => {
  const customer = await browser.newContext();
  const email = await signedInNewCustomer(customer.request, browser);
  const panel = await placeTestOrder(customer.request, "bank_transfer", { product: "/store/mono-perc-450w-panel" });
  const kit = await placeTestOrder(customer.request, "bank_transfer", { product: "/store/solar-lighting-kit" });
  await customer.close();
  expect(panel.totalKobo).toBeGreaterThan(kit.totalKobo);

  await useSignIn(page.context(), "staff");
  await page.goto(`/staff/orders?q=${encodeURIComponent(email)}`);
  const numbers = page.getByTestId("order-row").locator(".font-mono");
  await expect(numbers).toHaveText([kit.orderNumber, panel.orderNumber]);
  const sort = page.getByRole("navigation", { name: "Sort the list" });
  await expect(sort.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");
  await sort.getByRole("link", { name: "Highest total" }).click();
  await expect(sort.getByRole("link", { name: "Highest total" })).toHaveAttribute("aria-current", "true");
  await expect(numbers).toHaveText([panel.orderNumber, kit.orderNumber]);

  // A filter applied after choosing the sort keeps it.
  const filters = page.getByRole("search", { name: "Filter orders" });
  await filters.getByLabel("Payment").selectOption("bank_transfer");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("method") === "bank_transfer" && url.searchParams.get("sort") === "total-high",
  );
  await expect(numbers).toHaveText([panel.orderNumber, kit.orderNumber]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^zavolah-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = csvRows(readFileSync(await download.path(), "utf8"));
  expect(rows[0]!.slice(0, 4)).toEqual(["Order", "Placed (Lagos)", "Paid (Lagos)", "Status"]);
  expect(rows.slice(1).map((r) => [r[0], r[3], r[6], r.at(-1)])).toEqual([
    [panel.orderNumber, "Awaiting payment", email, (panel.totalKobo / 100).toFixed(2)],
    [kit.orderNumber, "Awaiting payment", email, (kit.totalKobo / 100).toFixed(2)],
  ]);
});
