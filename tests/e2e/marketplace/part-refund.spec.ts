import { expect, test } from "@playwright/test";
import { hydrated, signedIn } from "../support";

// A refund of one seller's part (docs/product/marketplace.md#refunds): staff see the demo marketplace order's parts and
// pay back the architect's plan alone; the rest of the order stays as it was.

test("staff refund one seller's part of an order, once, and the rest of the order is untouched", async ({ browser }) => {
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  await staff.goto("/staff/orders/ZV-100003");
  await hydrated(staff);
  await expect(staff.getByText("Hauwa Garba").first()).toBeVisible();
  const parts = staff.getByTestId("order-parts").getByTestId("order-part");
  await expect(parts).toHaveCount(2);
  const plan = parts.filter({ hasText: "Bello Design Studio" });
  await expect(plan.getByTestId("order-status")).toHaveText("Delivered");
  // ₦125,000 and 7.5% VAT.
  await plan.getByLabel("Reason (sent to the buyer and the seller)").fill("The plan was for a 50 x 120 ft plot, not the buyer's");
  await plan.getByRole("button", { name: "Refund this part (₦134,375.00)" }).click();
  await expect(staff.getByText(/ZV-100003-2 refunded: ₦134,375\.00 recorded as paid back by hand/)).toBeVisible();
  await expect(plan.getByTestId("order-status")).toHaveText("Refunded");
  await expect(plan.getByRole("button", { name: /Refund this part/ })).toHaveCount(0);
  await expect(parts.filter({ hasText: "Musa Crafted Furniture" }).getByTestId("order-status")).toHaveText("Processing");

  const architect = await (await browser.newContext({ storageState: signedIn("architect") })).newPage();
  await architect.goto("/architect/dashboard");
  await expect(
    architect.getByTestId("seller-parts").getByTestId("part").filter({ hasText: "ZV-100003-2" }).getByTestId("order-status"),
  ).toHaveText("Refunded");
});
