import { expect, test } from "@playwright/test";
import { payAtFake, placeTestOrder, postWebhook } from "../payments/payment-fixtures";
import { hydrated, mailFromMailbox, signedIn, signedInNewCustomer } from "../support";

// Buying from the marketplace (docs/product/marketplace.md#buying ... #downloads), in three journeys:
// - one cart and one Paystack payment for a store product, a seller's product and an architect's design: three
//   parts; the buyer saves a listing for later and downloads the design;
// - a paid part (placed and paid over HTTP, as tests/e2e/payments/payment-fixtures.ts does) that the seller accepts,
//   ships and delivers, with the buyer's message, the shipping e-mail, a review and the seller's answer;
// - an earning past its refund window, asked for by the seller and paid by an admin through Paystack's transfers.
// The seller's sales figures are summed in server/marketplace/buying.test.ts: other journeys buy from the same
// seller at the same time.

const SOFA = "/marketplace/convertible-sofa-bed-in-iroko-4f2a9c";
const DESK = "/marketplace/wall-mounted-fold-down-desk-7b31d0";
const PLAN = "/marketplace/three-bedroom-bungalow-plan-solar-ready-roof-91ac3e";

test("one checkout buys from the house, a seller and an architect; the buyer saves a listing and downloads the design", async ({
  browser,
}) => {
  const buyer = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await signedInNewCustomer(buyer.request, browser, "Ifeoma Chukwu");

  await buyer.goto("/store/solar-lighting-kit");
  await hydrated(buyer);
  await buyer.getByTestId("add-to-cart").getByRole("button", { name: "Add to cart" }).click();
  await expect(buyer.getByText(/to your cart/).first()).toBeVisible();
  await buyer.goto(SOFA);
  await hydrated(buyer);
  // Saved for later first (it shows on the buyer's dashboard), then bought.
  await buyer.getByRole("button", { name: "Save for later" }).click();
  await expect(buyer.getByText("Convertible sofa bed in iroko is on your marketplace dashboard.")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Saved for later" })).toHaveAttribute("aria-pressed", "true");
  await buyer.getByTestId("add-listing-to-cart").getByRole("button", { name: "Add to cart" }).click();
  await expect(buyer.getByText("Added Convertible sofa bed in iroko to your cart")).toBeVisible();
  await buyer.goto(PLAN);
  await hydrated(buyer);
  await buyer.getByRole("button", { name: "Add design to cart" }).click();
  await expect(buyer.getByText(/Added Three-bedroom bungalow plan/)).toBeVisible();
  await buyer.getByRole("button", { name: "Add design to cart" }).click();
  await expect(buyer.getByText(/already in your cart \(a design is bought once\)/)).toBeVisible();

  await buyer.goto("/cart");
  await expect(buyer.getByTestId("cart-line").filter({ hasText: "Sold by Musa Crafted Furniture" })).toBeVisible();
  await expect(buyer.getByTestId("cart-line").filter({ hasText: "One copy, to download after payment" })).toBeVisible();

  await buyer.goto("/checkout");
  await hydrated(buyer);
  const form = buyer.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Phone").fill("0803 456 7890");
  await form.getByLabel("Street address").fill("9 Zik Avenue, Uwani");
  await form.getByLabel("LGA or city").fill("Enugu South");
  await form.getByLabel("State").selectOption("Enugu");
  await expect(buyer.getByTestId("parts-note")).toBeVisible();
  // House ₦45,000 pays ₦2,500 delivery; the sofa (₦385,000) ships free; the design is downloaded. VAT 7.5% of ₦612,500.
  await expect(buyer.getByTestId("summary-delivery")).toHaveText("₦2,500.00");
  await expect(buyer.getByTestId("summary-total")).toHaveText("₦658,437.50");
  // Marketplace items are paid online or by transfer: pay on delivery is not offered.
  await expect(form.getByLabel("Pay on delivery")).toHaveCount(0);
  await form.getByLabel("Card, bank or USSD (Paystack)").check();
  await form.getByRole("button", { name: /Place order/ }).click();
  await expect(buyer.getByTestId("amount")).toHaveText("₦658,437.50");
  await buyer.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(buyer.getByRole("heading", { name: "Payment received" })).toBeVisible();

  await buyer.getByRole("link", { name: "Marketplace purchases and downloads" }).click();
  await expect(buyer).toHaveURL(/\/marketplace\/buyer-dashboard$/);
  const parts = buyer.getByTestId("purchases").getByTestId("part");
  await expect(parts).toHaveCount(3);
  const sofaPart = parts.filter({ hasText: "Convertible sofa bed in iroko" });
  await expect(sofaPart.getByTestId("order-status")).toHaveText("Paid");
  expect(await sofaPart.getAttribute("data-label")).toMatch(/^ZV-\d+-2$/);
  await expect(parts.filter({ hasText: "Three-bedroom bungalow plan" }).getByTestId("order-status")).toHaveText("Delivered");
  const saved = buyer.getByTestId("saved-listing");
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText("Convertible sofa bed in iroko");
  await expect(saved).toContainText("₦385,000.00");
  await hydrated(buyer);
  await saved.getByRole("button", { name: /^Remove/ }).click();
  await expect(buyer.getByText("Removed from saved listings")).toBeVisible();
  await expect(buyer.getByText('Tap "Save for later" on a listing to keep it here.')).toBeVisible();

  const download = buyer.getByTestId("download").filter({ hasText: "Three-bedroom bungalow plan" });
  await expect(download.getByTestId("downloads-left")).toHaveText("5 of 5 downloads left");
  const href = (await download
    .getByRole("link", { name: /Download/ })
    .first()
    .getAttribute("href"))!;
  const file = await buyer.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await buyer.reload();
  await expect(download.getByTestId("downloads-left")).toHaveText("4 of 5 downloads left");
  // Somebody else holding the link gets nothing.
  const other = await (await browser.newContext({ storageState: signedIn("customer") })).newPage();
  expect((await other.request.get(href)).status()).toBe(403);
});

test("the seller accepts, ships and delivers a paid part; the buyer writes to them, follows it and reviews it; the seller answers", async ({
  browser,
}) => {
  // A tag of this try, so its review is told apart from an earlier try's.
  const tag = Date.now().toString(36).toUpperCase();
  const buyer = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const email = await signedInNewCustomer(buyer.request, browser, "Emeka Okafor");
  const { orderId } = await placeTestOrder(buyer.request, "paystack", { listing: DESK });
  expect((await postWebhook(buyer.request, "paystack", await payAtFake(buyer.request, "paystack", orderId))).status).toBe(200);

  await buyer.goto("/marketplace/buyer-dashboard");
  await hydrated(buyer);
  const part = buyer.getByTestId("purchases").getByTestId("part").filter({ hasText: "Wall-mounted fold-down desk" });
  await expect(part.getByTestId("order-status")).toHaveText("Paid");
  const label = (await part.getAttribute("data-label"))!;
  // The buyer writes to the seller about their part; an empty message is refused.
  await part.getByText("Messages with Musa Crafted Furniture (0)").click();
  const write = part.getByRole("form", { name: `Write to Musa Crafted Furniture about ${label}` });
  await write.getByRole("button", { name: /^Send/ }).click();
  await expect(write.getByText("Write a message or add a photo.")).toBeVisible();
  await write.getByLabel("Your message").fill("Please call 0803 456 7890 before you deliver; the gate is on Zik Avenue.");
  await write.getByRole("button", { name: /^Send/ }).click();
  await expect(buyer.getByText("Message sent")).toBeVisible();
  await expect(part.getByTestId("message")).toContainText("the gate is on Zik Avenue");

  // The seller accepts, is asked for a note, ships and delivers.
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  await seller.goto("/seller/dashboard");
  await hydrated(seller);
  const mine = seller.getByTestId("seller-parts").getByTestId("part").filter({ hasText: label });
  await expect(mine).toContainText("Emeka Okafor");
  await expect(mine.getByTestId("message")).toContainText("the gate is on Zik Avenue");
  await expect(mine.getByTestId("part-money")).toHaveText("Goods ₦142,000.00 · delivery ₦0.00 · commission ₦14,200.00");
  await mine.getByRole("button", { name: "Accept order" }).click();
  await expect(seller.getByText(`Order ${label} accepted`)).toBeVisible();
  await mine.getByRole("button", { name: "Mark shipped" }).click();
  await expect(mine.getByText(/Tell the buyer how it is coming/)).toBeVisible();
  await mine.getByLabel("Note for the buyer").fill("GIG Logistics, waybill 44712036");
  await mine.getByRole("button", { name: "Mark shipped" }).click();
  await expect(seller.getByText(`Order ${label} marked shipped`)).toBeVisible();
  await mine.getByRole("button", { name: "Mark delivered" }).click();
  await expect(mine.getByTestId("order-status")).toHaveText("Delivered");
  await expect(seller.getByTestId("sales-total")).toContainText("orders in the last 12 weeks");

  await buyer.reload();
  await hydrated(buyer);
  await expect(part.getByTestId("order-status")).toHaveText("Delivered");
  await expect(part.getByTestId("tracking-note")).toContainText("GIG Logistics, waybill 44712036");
  expect(await mailFromMailbox(browser, email, new RegExp(`Your marketplace order ${label} is shipped`))).toContain("GIG Logistics");

  // Delivered: the buyer reviews the desk (stars are required), the seller answers, other buyers see both.
  const toWrite = buyer.getByRole("form", { name: "Review Wall-mounted fold-down desk" });
  const words = `Folds flat and holds the laptop and my books; it came well packed (order ${tag}).`;
  await toWrite.getByLabel("Your review").fill(words);
  await toWrite.getByRole("button", { name: "Post review" }).click();
  await expect(toWrite.getByText("Choose from 1 to 5 stars")).toBeVisible();
  await toWrite.getByLabel("5 stars").check();
  await toWrite.getByRole("button", { name: "Post review" }).click();
  await expect(buyer.getByText("Review posted")).toBeVisible();
  await expect(buyer.getByTestId("buyer-reviews").getByTestId("review").filter({ hasText: tag })).toBeVisible();

  await seller.reload();
  await hydrated(seller);
  const review = seller.getByTestId("seller-reviews").getByTestId("review").filter({ hasText: tag });
  await review.getByLabel("Your answer to Emeka O.").fill("Thank you, Emeka! Enjoy it.");
  await review.getByRole("button", { name: "Post answer" }).click();
  await expect(seller.getByText("Answer posted")).toBeVisible();
  await buyer.goto(DESK);
  const onPage = buyer.getByTestId("listing-reviews").getByTestId("review").filter({ hasText: tag });
  await expect(onPage).toContainText("Emeka O.");
  await expect(onPage.getByTestId("review-reply")).toContainText("Thank you, Emeka! Enjoy it.");
});

test("a seller asks for their earnings past the refund window, and an admin pays them through Paystack", async ({ browser }) => {
  // The demo seller's older sale is past its refund window (server/db/seed/seed-marketplace.ts); newer sales, which
  // other journeys make, are not yet available.
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  await seller.goto("/seller/dashboard");
  await hydrated(seller);
  await expect(seller.getByTestId("balance-available")).toHaveText("₦418,500.00");
  const payout = seller.getByRole("form", { name: "Ask for a payout" });
  await payout.getByLabel("Amount (₦)").fill("500,000");
  await payout.getByRole("button", { name: "Ask for payout" }).click();
  await expect(payout.getByText("You can ask for at most ₦418,500.00, your available balance.")).toBeVisible();
  await payout.getByLabel("Amount (₦)").fill("418,500");
  await payout.getByRole("button", { name: "Ask for payout" }).click();
  await expect(seller.getByText("Payout requested")).toBeVisible();
  await expect(seller.getByTestId("balance-requested")).toHaveText("₦418,500.00");

  // The admin sees the request among the pending approvals, then pays it through Paystack.
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await admin.goto("/admin/dashboard");
  const pendingPayouts = admin.getByTestId("pending-payoutRequests");
  await expect(pendingPayouts).toHaveText("1");
  await admin.getByRole("link", { name: "Payout requests" }).click();
  await expect(admin).toHaveURL(/\/admin\/payouts$/);
  await hydrated(admin);
  const request = admin.getByRole("form", { name: "Settle the payout to Musa Crafted Furniture" });
  await request.getByRole("button", { name: "Mark paid" }).click();
  await expect(request.getByText("Enter the bank's transfer reference (at least 4 characters)")).toBeVisible();
  await request.getByRole("button", { name: "Pay through Paystack" }).click();
  await expect(admin.getByText("Payout transfer on its way")).toBeVisible();
  // Paystack's transfer.success webhook settles it a moment later; the page shows it on the next load.
  const paid = admin.getByTestId("payout-settled").filter({ hasText: "Musa Crafted Furniture · Paid" });
  await expect(async () => {
    await admin.reload();
    await expect(paid).toContainText("ref TRF_", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await admin.goto("/admin/dashboard");
  await expect(pendingPayouts).toHaveText("0");

  await seller.reload();
  await expect(seller.getByTestId("balance-paid")).toHaveText("₦418,500.00");
  await expect(seller.getByTestId("balance-available")).toHaveText("₦0.00");
});
