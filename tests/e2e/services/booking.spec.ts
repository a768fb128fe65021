import { expect, test, type Browser, type Page } from "@playwright/test";
import { bookingDateBounds } from "@domain/appointments/appointments";
import { addDays } from "@domain/time/lagos-time";
import { DEMO, hydrated, openListed, signedIn, uniqueEmail } from "../support";
import { servedPage } from "../served-page";

// A visitor books a visit on /services; the e-mail reaches the mailbox; staff find and confirm it.

const visitDate = () => addDays(bookingDateBounds().min, 7);

async function fillBooking(page: Page, email: string, over: { phone?: string; date?: string; state?: string; location?: string } = {}) {
  const form = page.locator("#book");
  await form.getByLabel("Full name").fill("Oluwaseun Adeyemi");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill(over.phone ?? "0803 555 1234");
  await form.getByLabel("Service").selectOption("consultation");
  await form.getByLabel("Preferred date").fill(over.date ?? visitDate());
  if (over.state !== "") await form.getByLabel("State").selectOption(over.state ?? "Oyo");
  await form.getByLabel("Address or area for the visit").fill(over.location ?? "12 Awolowo Avenue, Bodija, Ibadan");
  await form.getByLabel("Notes (optional)").fill("4-bedroom duplex; we want the borehole pump on solar.");
  return form;
}

/** Signed in as staff in a context of its own, searching the list for `q`. */
async function staffList(browser: Browser, q: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: signedIn("staff") });
  const page = await context.newPage();
  await page.goto(`/staff/appointments?q=${encodeURIComponent(q)}`);
  await hydrated(page);
  return { page, close: () => context.close() };
}

test("a visitor books a consultation, gets the e-mail, and staff confirm it with a technician", async ({ page, browser }) => {
  const email = uniqueEmail("seun");
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("installed by our own team");
  await expect(page.getByText("We reply within 24 hours").first()).toBeVisible();
  await hydrated(page);
  const form = await fillBooking(page, email);
  await form.getByRole("button", { name: "Book my visit" }).click();
  const reference = page.getByTestId("booking-reference");
  await expect(reference).toHaveText(/^ZAV-SRV-[A-Z0-9]{6}$/);
  const ref = (await reference.textContent())!;
  await expect(page).toHaveURL(/\/services$/); // the fetcher stayed on the page
  await expect(page.getByRole("heading", { name: "Booking received" })).toBeFocused();

  // The customer's appointment e-mail, with its details and promises (docs/product/content.md#service-bookings).
  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const mailbox = await admin.newPage();
  await expect(async () => {
    await mailbox.goto(`/admin/mailbox?to=${encodeURIComponent(email)}`);
    await openListed(
      mailbox,
      mailbox.getByRole("link", { name: new RegExp(`We have your booking.*${ref}.*To ${email.replace(/\./g, "\\.")}`) }),
    );
    await expect(mailbox.getByText(`Reference: ${ref}`).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  for (const line of [
    "Service: Consultation",
    "Technician: To be assigned",
    "Location: 12 Awolowo Avenue, Bodija, Ibadan, Oyo",
    "within 24 hours",
    "24 hours' notice",
  ]) {
    await expect(mailbox.getByText(line, { exact: false }).first()).toBeVisible();
  }
  // And the sales team's notification.
  await mailbox.goto("/admin/mailbox?to=sales@zavolah.ng");
  await expect(mailbox.getByRole("link", { name: new RegExp(`New booking ${ref}.*To sales@zavolah\\.ng`) })).toBeVisible();
  await admin.close();

  const staff = await staffList(browser, ref);
  const row = staff.page.getByTestId("appointment-row").filter({ hasText: ref });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Consultation for Oluwaseun Adeyemi");
  await expect(row).toContainText("+2348035551234");
  await expect(row.getByTestId("status-badge")).toHaveText("Requested");

  // Confirming needs a technician's name.
  await row.getByRole("button", { name: "Confirm" }).click();
  await expect(row.getByText("Enter the technician's name to confirm")).toBeVisible();
  await row.getByLabel("Technician").fill("Engr. Kunle Ajayi");
  await row.getByRole("button", { name: "Confirm" }).click();
  await expect(row.getByTestId("status-badge")).toHaveText("Confirmed");
  await expect(row).toContainText("Engr. Kunle Ajayi");
  await expect(row.getByRole("button", { name: "Mark completed" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Confirm" })).toHaveCount(0);

  // The filters find it under confirmed and upcoming, not under requested.
  await staff.page.goto(`/staff/appointments?q=${ref}&status=confirmed&when=upcoming`);
  await expect(staff.page.getByTestId("appointment-row")).toHaveCount(1);
  await staff.page.goto(`/staff/appointments?q=${ref}&status=requested`);
  await expect(staff.page.getByText("No bookings match.")).toBeVisible();
  await staff.close();
});

test("bad input shows its messages and stores nothing", async ({ page, browser }) => {
  const email = uniqueEmail("bad");
  await page.goto("/services#book");
  await hydrated(page);
  const form = await fillBooking(page, email, { phone: "+44 20 7946 0958", date: "2020-01-01", state: "", location: "" });
  await form.getByRole("button", { name: "Book my visit" }).click();
  await expect(form.getByText("Enter a Nigerian mobile number, e.g. 0803 123 4567")).toBeVisible();
  await expect(form.getByText("Choose a date from tomorrow onwards")).toBeVisible();
  await expect(form.getByText("Please choose your state")).toBeVisible();
  await expect(form.getByText("Please enter the address or area for the visit")).toBeVisible();
  await expect(form.getByLabel("Phone")).toBeFocused();
  await expect(page.getByTestId("booking-reference")).toHaveCount(0);

  const staff = await staffList(browser, email);
  await expect(staff.page.getByText("No bookings match.")).toBeVisible();
  await staff.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor books, sees the reference, and staff see the booking", async ({ page, browser }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/services");
    let form = await fillBooking(page, email, { phone: "0803 555" });
    await form.getByRole("button", { name: "Book my visit" }).click();
    // The page comes back with the message and what was typed.
    form = page.locator("#book");
    await expect(form.getByText("Enter a Nigerian mobile number, e.g. 0803 123 4567")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("State")).toHaveValue("Oyo");

    await form.getByLabel("Phone").fill("0803 555 1234");
    await form.getByRole("button", { name: "Book my visit" }).click();
    await expect(page).toHaveURL(/\/services\?booked=ZAV-SRV-[A-Z0-9]{6}/);
    const ref = (await page.getByTestId("booking-reference").textContent())!;
    await expect(page.getByRole("status").filter({ hasText: "Booking received" })).toContainText(`Your reference is ${ref}`);

    const staff = await staffList(browser, email);
    await expect(staff.page.getByTestId("appointment-row").filter({ hasText: ref })).toHaveCount(1);
    await staff.close();
  });
});

test.describe("a signed-in customer", () => {
  test.use({ storageState: signedIn("customer") });
  test("finds the booking form filled in and sees their bookings on the dashboard", async ({ request }) => {
    const services = await servedPage(request, "/services");
    expect(services.find({ id: "book" })?.elements("input", { name: "email" })[0]?.value).toBe(DEMO.customer);
    const dashboard = await servedPage(request, "/client-dashboard");
    expect(dashboard.headings(1)).toEqual(["My Orders & Appointments"]);
    expect(dashboard.find({ "data-testid": "appointment" })?.text).toContain("ZAV-SRV-DEMO01");
    // The demo customer's seeded store orders share the page.
    expect(dashboard.find({ "data-testid": "orders-section" })?.find({ "data-testid": "order" })?.text).toContain("ZV-1000");
  });
});
