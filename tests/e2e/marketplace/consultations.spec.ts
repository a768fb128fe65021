import { expect, test } from "@playwright/test";
import { hydrated, mailFromMailbox, signedIn, signedInNewCustomer } from "../support";

// Consultations (docs/product/marketplace.md#consultations): a buyer asks the demo architect's studio from its store
// page, the architect accepts from the dashboard with a message, and the buyer reads it on the page and by e-mail.

const STUDIO = "/marketplace/sellers/bello-design-studio";

test("a buyer asks an architect for a consultation, and the architect accepts with a message", async ({ browser }) => {
  const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await visitor.goto(STUDIO);
  await expect(visitor.getByRole("link", { name: "Sign in to ask" })).toBeVisible();
  await visitor.goto("/marketplace/sellers/musa-crafted-furniture");
  await expect(visitor.getByRole("heading", { name: /Ask .* for a consultation/ })).toHaveCount(0);
  await visitor.close();

  const buyer = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const email = await signedInNewCustomer(buyer.request, browser, "Emeka Obi");
  await buyer.goto(STUDIO);
  const section = buyer.getByRole("region", { name: "Ask Bello Design Studio for a consultation" });
  await section.getByRole("button", { name: "Send my request" }).click();
  await expect(section.getByText("Describe the project in at least 30 characters", { exact: false })).toBeVisible();
  await expect(section.getByText("Enter your budget in naira, from ₦10,000")).toBeVisible();

  const city = `Lokogoma ${Date.now().toString(36).toUpperCase()}`;
  await section.getByLabel("Your project").fill("A four-bedroom duplex on a 60 x 120 ft plot, with a home office and a solar-ready roof.");
  await section.getByLabel("Budget (₦)").fill("2,500,000");
  await section.getByLabel("State").selectOption("Federal Capital Territory");
  await section.getByLabel("Town or city").fill(city);
  await section.getByRole("button", { name: "Send my request" }).click();
  await expect(buyer.getByText("Request sent")).toBeVisible();
  await expect(buyer.getByTestId("my-consultations")).toContainText(
    `${city}, Federal Capital Territory · ₦2,500,000.00: Waiting for the architect`,
  );

  const architect = await (await browser.newContext({ storageState: signedIn("architect") })).newPage();
  await architect.goto("/architect/dashboard");
  await hydrated(architect);
  const request = architect.getByTestId("consultation-requests").locator("li", { hasText: city });
  await expect(request).toContainText("Emeka Obi");
  await request.getByRole("button", { name: "Decline" }).click();
  await expect(request.getByText("Tell the buyer why, in at least 10 characters")).toBeVisible();
  await request.getByLabel("Your answer to Emeka Obi").fill("Thank you, Emeka. I will call you on Thursday to arrange a site visit.");
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(architect.getByText("Consultation accepted")).toBeVisible();

  await buyer.goto(STUDIO);
  await expect(buyer.getByTestId("my-consultations")).toContainText("Accepted");
  await expect(buyer.getByTestId("my-consultations")).toContainText("I will call you on Thursday");
  const mail = await mailFromMailbox(browser, email, /Bello Design Studio accepted your consultation request/);
  expect(mail).toContain("arrange a site visit");
});
