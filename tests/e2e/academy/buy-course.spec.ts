import { expect, test } from "@playwright/test";
import { DEMO_ACADEMY } from "../../../server/db/seed/academy-data";
import { BASE, hydrated, mailFromMailbox, signedInNewCustomer } from "../support";

// A new customer buys a paid course through the store's one cart and checkout (docs/product/academy.md#enrolment):
// one seat in the cart, no delivery, Paystack (the local fake), and the enrolment e-mail once the payment is verified.
// "Selling Solar" has an intake without a seat limit, so this journey takes no seat another journey counts.

const COURSE = DEMO_ACADEMY.find((c) => c.slug === "selling-solar")!;

test("a new customer buys a paid course: one seat in the cart, no delivery, Paystack, enrolled once paid", async ({ page, browser }) => {
  const email = await signedInNewCustomer(page.request, browser, "Obinna Eze");
  const add = (intakeId: string) =>
    page.request.post("/cart/add", { form: { intakeId, returnTo: "/cart", _js: "1" }, headers: { origin: BASE }, maxRedirects: 0 });

  // Bad input changes nothing and says why.
  const bad = await add("not-a-number");
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("course intake as a whole number");
  const unknown = await add("999999");
  expect(unknown.status()).toBe(404);

  // From the course page: the first open intake is chosen; "Add to cart" comes back to the course with a message.
  await page.goto(`/academy/${COURSE.slug}`);
  const intakeId = (await page.locator('input[name="intakeId"]:checked').getAttribute("value"))!;
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(`Added ${COURSE.title}`, { exact: false })).toBeVisible();
  await expect(page).toHaveURL(`/academy/${COURSE.slug}`);
  const twice = await add(intakeId);
  expect(twice.status(), "a course is one seat").toBe(409);
  expect(await twice.text()).toContain("already in your cart");

  await page.goto("/cart");
  await hydrated(page);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("link", { name: COURSE.title })).toHaveAttribute("href", `/academy/${COURSE.slug}`);
  await expect(line.getByText(/^Intake starting \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(line.getByRole("spinbutton"), "no quantity for a seat").toHaveCount(0);
  await expect(page.getByTestId("cart-subtotal")).toHaveText("₦35,000.00");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "test-results/screens/cart-course-360.png", fullPage: true });

  await page.getByRole("link", { name: /checkout/i }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  // Nothing ships: no delivery choice, no pay on delivery; VAT 7.5% of ₦35,000 = ₦2,625.
  await expect(form.getByLabel("Express delivery")).toHaveCount(0);
  await expect(form.getByLabel("Pay on delivery")).toHaveCount(0);
  await expect(page.getByTestId("summary-delivery")).toHaveText("Not needed");
  await expect(page.getByTestId("summary-vat")).toHaveText("₦2,625.00");
  await expect(page.getByTestId("summary-total")).toHaveText("₦37,625.00");
  await page.screenshot({ path: "test-results/screens/checkout-course-360.png", fullPage: true });
  await form.getByLabel("Phone").fill("0803 456 7890");
  await form.getByLabel("Street address").fill("21 Awolowo Road, Ikoyi");
  await form.getByLabel("LGA or city").fill("Eti-Osa");
  await form.getByLabel("State").selectOption("Lagos");
  await form.getByLabel("Card, bank or USSD (Paystack)").check();
  await form.getByRole("button", { name: /Place order/ }).click();

  await expect(page.getByTestId("amount")).toHaveText("₦37,625.00");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("order-status").first()).toHaveText("Paid");
  await expect(page.getByText(new RegExp(`${COURSE.title} \\(Intake starting`))).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  const welcome = await mailFromMailbox(browser, email, /You're enrolled: Selling Solar/);
  expect(welcome).toContain("Amaka Nwosu");

  // Bought: adding the course again is refused.
  const owned = await add(intakeId);
  expect(owned.status()).toBe(409);
  expect(await owned.text()).toContain("already enrolled");
});
