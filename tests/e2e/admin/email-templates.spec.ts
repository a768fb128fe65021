import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedIn, useSignIn } from "../support";
import { servedPage } from "../served-page";

// Every template the site sends, as the admin preview shows it: name in the list, subject, and a piece of the
// sample content in the plain text. A new template needs a row here.
const TEMPLATES: [name: string, subject: string, content: string][] = [
  ["Welcome", "Welcome to Zavolah", "Welcome, Chiamaka Okonkwo"],
  ["Welcome (staff)", "Welcome to the Zavolah team", "Welcome to the team, Tunde Bakare"],
  ["Confirm e-mail", "Confirm your Zavolah account", "/auth/callback?token=SAMPLE-link-token-7f3c9a2e"],
  ["Password reset", "Reset your Zavolah password", "This link expires in 1 hour"],
  ["Account already exists", "Someone tried to register with your e-mail", "You already have an account"],
  ["Deletion request received", "We received your request to delete your Zavolah account (DR-0042)", "Done by: 9 January 2027"],
  ["Deletion request withdrawn", "Your deletion request DR-0042 is withdrawn", "Your account stays as it is."],
  ["Data deleted", "Your Zavolah account has been deleted", "You can no longer sign in."],
  ["Deletion request declined", "We could not delete your Zavolah account yet (DR-0042)", "is on its way to you"],
  ["Order confirmation", "Order ZV-100482 received: thank you, Emeka Eze", "₦4,429,000.00"],
  ["Payment receipt", "Payment receipt: ₦4,429,000.00 for Order ZV-100482", "GTB-TRF-204811"],
  ["Order status update", "Order ZV-100482: is on its way", "GIG Logistics waybill 55102"],
  ["Cart reminder", "You left 3 items in your Zavolah cart", "₦449,000.00"],
  ["Cart reminder (last)", "Still thinking it over, Bisola Adewale? Your cart is saved", "This is the last reminder"],
  ["Service appointment (booked)", "We have your booking: Solar installation (ZS-7K4Q2M)", "Technician: To be assigned"],
  [
    "Service appointment (confirmed)",
    "Appointment confirmed: Solar installation on Thursday, 10 December 2026 (ZS-7K4Q2M)",
    "Technician: Ibrahim Musa",
  ],
  ["Service appointment (cancelled)", "Appointment cancelled (ZS-7K4Q2M)", "has been cancelled"],
  ["Course enrolment", "You're enrolled: Solar PV Installation Fundamentals", "Instructor: Engr. Olumide Fashola"],
  ["ZavCharge welcome", "Welcome to ZavCharge: your subscription ID is ZAV48213907LEKK", "Welcome credit"],
  ["ZavCharge PIN reset code", "Your ZavCharge PIN reset code", "Reset code: 482913"],
  ["Seller application received", "We received your application to sell as Adire Living Interiors", "Applying as: Seller of products"],
  ["Seller approved", "Welcome to the Zavolah Marketplace, Adire Living Interiors", "/marketplace/sellers/adire-living-interiors"],
  ["Seller application: more information", "We need a little more about your marketplace application", "your CAC certificate number"],
  ["Seller application not approved", "About your application to sell on the Zavolah Marketplace", "resold imports"],
  ["Investor application received", "We received your application to invest with Zavolah", "2 working days"],
  ["Investor approved", "You can now invest with Zavolah", "See the tiers"],
  ["Investor application: more information", "We need a little more about your application to invest", "NIN slip is blurred"],
  ["Investor application not approved", "About your application to invest with Zavolah", "does not match the name on your ID"],
  ["Investment active", "Your Solar Mini-Grid Note investment is active", "ZINV-2026-000042"],
  ["Listing published", "Your listing is live: Convertible sofa bed in iroko", "/marketplace/convertible-sofa-bed-in-iroko-4f2a9c"],
  ["Listing not published", "Your listing needs changes: Convertible sofa bed in iroko", "Add photos of the piece you are selling"],
  ["Consultation request", "New consultation request from Emeka Eze", "Budget: ₦2,500,000.00"],
  ["Consultation answered", "Bello Design Studio accepted your consultation request", "arrange a site visit in Lokogoma"],
  ["Staff notification", "[HIGH] New booking ZS-7K4Q2M: Solar installation in FCT", "Priority: high"],
  ["Contact auto-reply", "We received your message: Quote for a 5 kVA system in Ikeja", "reply within 24 hours"],
  ["Contact copy to sales", "New contact message: Quote for a 5 kVA system in Ikeja", "Phone: Not provided"],
  ["Notification copy", "Your enrolment deadline is tomorrow", "₦150,000.00"],
  ["Generic", "Your ZavCharge card is ready for pickup", "Hello Ngozi Chukwu,"],
  ["Newsletter confirmation", "Confirm your Zavolah newsletter subscription", "Yes, subscribe me"],
  ["Newsletter welcome", "You're subscribed to Zavolah updates", "Unsubscribe http"],
  ["Campaign", "Harmattan offer: 10% off 5 kVA solar packages", "₦3,780,000"],
];

async function openTemplates(page: Page) {
  await useSignIn(page.context(), "admin");
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "E-mail templates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mail templates" })).toBeVisible();
  await hydrated(page);
  const list = page.getByRole("navigation", { name: "Templates" });
  await expect(list.getByRole("link")).toHaveCount(TEMPLATES.length);
  return list;
}

// In three parts, so each stays a short journey on a slow machine.
const PARTS = 3;
for (let part = 0; part < PARTS; part++) {
  const size = Math.ceil(TEMPLATES.length / PARTS);
  test(
    `an admin previews every e-mail template: subject and sample content (${part + 1} of ${PARTS})`,
    { tag: "@markup" },
    async ({ page }) => {
      const list = await openTemplates(page);
      const text = page.getByTestId("template-text");
      for (const [name, subject, content] of TEMPLATES.slice(part * size, (part + 1) * size)) {
        await list.getByRole("link", { name, exact: true }).click();
        await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
        await expect(page.getByTestId("template-subject")).toHaveText(subject);
        await expect(text).toContainText(content);
        await expect(text).toContainText("Powering Nigeria's Future");
      }
    },
  );
}

test("an admin sees a template's HTML at desktop and phone width", { tag: "@markup" }, async ({ page }) => {
  const list = await openTemplates(page);
  // The HTML itself, in its sandboxed frame: the brand frame around the sample.
  await list.getByRole("link", { name: "Order confirmation", exact: true }).click();
  const frame = page.frameLocator('iframe[title="HTML preview: Order confirmation"]');
  await expect(frame.getByRole("heading", { name: "Thank you for your order, Emeka Eze" })).toBeVisible();
  await expect(frame.getByText("Powering Nigeria's Future")).toBeVisible();
  await expect(frame.getByRole("link", { name: "Track your order" })).toBeVisible();
  const iframe = page.locator('iframe[title="HTML preview: Order confirmation"]');
  expect((await iframe.boundingBox())!.width).toBeCloseTo(616, 0);
  await page.getByRole("link", { name: "Phone 360 px" }).click();
  await expect(page).toHaveURL(/width=phone/);
  await expect.poll(async () => (await iframe.boundingBox())!.width).toBeCloseTo(376, 0);
  // Marketing mail shows its unsubscribe link; the width choice stays while moving between templates.
  await list.getByRole("link", { name: "Campaign", exact: true }).click();
  await expect(page).toHaveURL(/template=campaign&width=phone/);
  await expect(
    page.locator('iframe[title="HTML preview: Campaign"]').contentFrame().getByRole("link", { name: "Unsubscribe" }),
  ).toBeVisible();
});

test.describe("a customer", () => {
  test.use({ storageState: signedIn("customer") });
  test("cannot open the template previews", async ({ request }) => {
    const sent = await servedPage(request, "/admin/email-templates");
    expect(sent.path).toBe("/");
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("You don't have permission to access this page.");
    expect(sent.headings()).not.toContain("E-mail templates");
    expect(sent.text).not.toContain("Order ZV-100482");
  });
});
