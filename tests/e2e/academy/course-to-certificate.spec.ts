import { expect, test } from "@playwright/test";
import { hydrated, signedIn, signedInNewCustomer } from "../support";

// The whole school in one journey (docs/product/academy.md): a customer buys a paid course through the cart and the
// Paystack fake, lands on the course, completes its lessons and quiz, hands in the assignment; staff grade it; the
// certificate appears, its PDF downloads and /verify confirms it; an admin revokes it and the public page says so.
// Inverter and Battery Sizing has 25 seats; this journey takes one of them, which no other journey counts.

const COURSE = "/academy/inverter-and-battery-sizing";
const STUDENT = "Adaora Nnamdi";

const pdf = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

test("buy a course, learn, pass the quiz, get the assignment graded, earn, verify and lose a certificate", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signedInNewCustomer(page.request, browser, STUDENT);

  // Buy.
  await page.goto(COURSE);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added Inverter and Battery Sizing", { exact: false })).toBeVisible();
  await page.goto("/checkout");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Phone").fill("0812 345 6789");
  await form.getByLabel("Street address").fill("5 Ring Road, Challenge");
  await form.getByLabel("LGA or city").fill("Ibadan");
  await form.getByLabel("State").selectOption("Oyo");
  await form.getByLabel("Card, bank or USSD (Paystack)").check();
  await form.getByRole("button", { name: /Place order/ }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

  // Land on the course, enrolled.
  await page.goto(COURSE);
  await page.getByRole("link", { name: "Continue learning" }).click();
  await expect(page).toHaveURL(`${COURSE}/learn`);
  await expect(page.getByText("For your certificate: 3 lessons to complete, 1 quiz to pass, 1 assignment to pass.")).toBeVisible();

  // Lessons and the quiz (the right answers: 1.2 kW, 4.3 kWh, surges).
  await page.getByRole("link", { name: "Start: Energy storage basics" }).click();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByText("You completed this lesson")).toBeVisible();
  await page.getByRole("link", { name: /Next lesson: Sizing the battery bank/ }).click();
  const quiz = page.getByRole("region", { name: "Quiz" });
  await expect(quiz).toContainText("3 of 3 attempts left");
  await quiz.getByLabel("1.2 kW").check();
  await quiz.getByLabel("4.3 kWh").check();
  await quiz.getByLabel("To handle motor start-up surges such as pumps and fridges").check();
  await quiz.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByText("Passed: 100%")).toBeVisible();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByText("You completed this lesson")).toBeVisible();
  await page.getByRole("link", { name: /Next lesson: Charge settings by chemistry/ }).click();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "100");

  // The assignment.
  await page.goto(`${COURSE}/learn`);
  await page.getByRole("link", { name: "Battery bank for a pharmacy" }).click();
  await page.getByLabel("Your answer").fill("Tubular: 8 x 200 Ah at 24 V. Lithium: 2 x 100 Ah at 48 V; lithium costs less per cycle.");
  await page.getByLabel("File").setInputFiles({ name: "pharmacy-bank.pdf", mimeType: "application/pdf", buffer: pdf() });
  await page.getByRole("button", { name: "Hand in" }).click();
  await expect(page.getByTestId("submission-status")).toHaveText("Submitted");

  // Staff grade it.
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  const grader = await staff.newPage();
  await grader.goto("/staff/academy/grading");
  const row = grader.getByTestId("grading-row").filter({ hasText: `${STUDENT}: Battery bank for a pharmacy` });
  await row.getByLabel("Score (0 to 50)").fill("41");
  await row.getByLabel("Feedback").fill("Clear comparison. Add the fridge's start-up surge to the inverter size.");
  await row.getByRole("button", { name: "Save grade" }).click();
  await expect(row.getByRole("status")).toContainText("Graded: 41/50");
  await staff.close();

  // The certificate: on the dashboard, as a PDF, and on its public page.
  await page.goto("/student/dashboard");
  const certificates = page.getByRole("region", { name: "Certificates" });
  await expect(certificates).toContainText("Inverter and Battery Sizing");
  await expect(certificates).toContainText("Distinction · 91%");
  const code = /code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec((await certificates.textContent())!)![1]!;
  const download = await page.request.get(`/certificates/${code}/pdf`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(certificates.getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute("href", /linkedin\.com\/sharing/);

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/verify/${code}`);
  await expect(publicPage.getByRole("heading", { level: 1, name: "Verified certificate" })).toBeVisible();
  await expect(publicPage.getByText(STUDENT)).toBeVisible();

  // An admin revokes it; the public page says so.
  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/staff/academy/certificates?q=${code}`);
  await hydrated(adminPage);
  adminPage.once("dialog", (d) => d.accept());
  const certRow = adminPage.getByTestId("certificate-row").filter({ hasText: code });
  await certRow.getByLabel("Reason for revoking").fill("Assignment copied from another student.");
  await certRow.getByRole("button", { name: "Revoke certificate" }).click();
  await expect(certRow).toContainText("Revoked");
  await admin.close();
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { level: 1, name: /^This certificate was revoked on / })).toBeVisible();
  await expect(publicPage.getByText("Assignment copied from another student.")).toBeVisible();
  await visitor.close();
});
