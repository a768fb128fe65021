import { expect, test } from "@playwright/test";
import { formatKobo } from "@domain/money/money";
import { signedInNewCustomer } from "../support";
import { placeTestOrder, receiptCount, startPayment } from "./payment-fixtures";

// The pieces the checkout journey stands on: POST /orders/:id/pay sends the customer to the provider's
// hosted page, the callback verifies server-side and lands on /payment-success; a declined card can be retried.
// Each journey pays as a customer of its own, so its cart and its receipts are its own.

for (const provider of ["paystack", "flutterwave"] as const) {
  test(`${provider}: declined, retried, paid: the customer lands on payment-success and gets one receipt`, async ({ page, browser }) => {
    const email = await signedInNewCustomer(page.request, browser);
    const order = await placeTestOrder(page.request, provider);

    const firstUrl = await startPayment(page.request, order.orderId);
    expect(await startPayment(page.request, order.orderId), "a second click reuses the link").toBe(firstUrl);
    await page.goto(firstUrl);
    await expect(page.getByTestId("amount")).toHaveText(formatKobo(order.totalKobo));
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-success\\?order=${order.orderId}$`));
    await expect(page.getByText("Payment not completed")).toBeVisible();
    expect(await receiptCount(browser, email, order.orderNumber)).toBe(0);

    const retryUrl = await startPayment(page.request, order.orderId);
    expect(retryUrl).not.toBe(firstUrl);
    await page.goto(retryUrl);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-success\\?order=${order.orderId}$`));
    // The fake sent its webhook and the browser came back through the callback: still one receipt.
    expect(await receiptCount(browser, email, order.orderNumber)).toBe(1);

    const again = await page.request.post(`/orders/${order.orderId}/pay`, {
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(again.status(), "a paid order is not paid again").toBe(302);
    expect(again.headers().location).not.toContain("/checkout/");
  });
}
