import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_ACADEMY } from "../../../server/db/seed/academy-data";
import { payAtFake, placeTestOrder, postWebhook } from "../payments/payment-fixtures";
import { BASE, hydrated, signedIn, signedInNewCustomer } from "../support";

// The school from a bought course to a revoked certificate (docs/product/academy.md), in two journeys: a student
// learns a paid course (lessons, quiz, the assignment handed in); staff grade another student's assignment, the
// certificate appears, its PDF downloads, /verify confirms it, and an admin revokes it. Buying the course through
// the cart and checkout page is `buy-course.spec.ts`; here the seat is bought over HTTP as the checkout form sends it,
// and paid at the Paystack fake. Inverter and Battery Sizing has 25 seats; each journey takes one, which no other
// journey counts.

const COURSE = "/academy/inverter-and-battery-sizing";
const QUIZ_ANSWERS = ["1.2 kW", "4.3 kWh", "To handle motor start-up surges such as pumps and fridges"];

const pdf = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

/** The signed-in customer buys a seat on the course and pays it by card; the verified payment enrols them. */
async function buySeat(request: APIRequestContext) {
  const order = await placeTestOrder(request, "paystack", { course: COURSE });
  const paid = await payAtFake(request, "paystack", order.orderId);
  expect((await postWebhook(request, "paystack", paid)).status).toBe(200);
}

test("a student of a bought course completes its lessons, passes the quiz and hands in the assignment", async ({ page, browser }) => {
  await signedInNewCustomer(page.request, browser, "Adaora Nnamdi");
  await buySeat(page.request);

  await page.goto(COURSE);
  await page.getByRole("link", { name: "Continue learning" }).click();
  await expect(page).toHaveURL(`${COURSE}/learn`);
  await expect(page.getByText("For your certificate: 3 lessons to complete, 1 quiz to pass, 1 assignment to pass.")).toBeVisible();

  // Lessons and the quiz.
  await page.getByRole("link", { name: "Start: Energy storage basics" }).click();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByText("You completed this lesson")).toBeVisible();
  await page.getByRole("link", { name: /Next lesson: Sizing the battery bank/ }).click();
  const quiz = page.getByRole("region", { name: "Quiz" });
  await expect(quiz).toContainText("3 of 3 attempts left");
  for (const answer of QUIZ_ANSWERS) await quiz.getByLabel(answer).check();
  await quiz.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByText("Passed: 100%")).toBeVisible();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByText("You completed this lesson")).toBeVisible();
  await page.getByRole("link", { name: /Next lesson: Charge settings by chemistry/ }).click();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "100");

  // The assignment, with a file.
  await page.goto(`${COURSE}/learn`);
  await page.getByRole("link", { name: "Battery bank for a pharmacy" }).click();
  await page.getByLabel("Your answer").fill("Tubular: 8 x 200 Ah at 24 V. Lithium: 2 x 100 Ah at 48 V; lithium costs less per cycle.");
  await page.getByLabel("File").setInputFiles({ name: "pharmacy-bank.pdf", mimeType: "application/pdf", buffer: pdf() });
  await page.getByRole("button", { name: "Hand in" }).click();
  await expect(page.getByTestId("submission-status")).toHaveText("Submitted");
});

test("staff grade a handed-in assignment; the certificate is earned, downloaded, verified and revoked", async ({ page, browser }) => {
  const student = "Chukwuemeka Obi";
  await signedInNewCustomer(page.request, browser, student);
  await buySeat(page.request);

  // Lessons, quiz and assignment as their forms send them.
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(path, { form: { ...form, _js: "1" }, headers: { origin: BASE }, maxRedirects: 0 });
  for (const lesson of ["energy-storage-basics", "sizing-the-bank", "charge-settings"])
    expect((await post(`${COURSE}/lessons/${lesson}/complete`, {})).ok()).toBe(true);
  // The quiz form sends each answer as its option's place in the question.
  const quiz = DEMO_ACADEMY.find((c) => `/academy/${c.slug}` === COURSE)!
    .modules.flatMap((m) => m.lessons)
    .find((l) => l.slug === "sizing-the-bank")!.quiz!;
  const answers = Object.fromEntries(quiz.questions.map((q, i) => [`answer-${i}`, String(q.correct)]));
  answers.questions = String(quiz.questions.length);
  expect((await post(`${COURSE}/lessons/sizing-the-bank/quiz`, answers)).ok()).toBe(true);
  const learn = await (await page.request.get(`${COURSE}/learn`)).text();
  const assignment = /href="(\/academy\/inverter-and-battery-sizing\/assignments\/[^"]+)"/.exec(learn)![1]!;
  const handedIn = await page.request.post(assignment, {
    multipart: { text: "Tubular: 8 x 200 Ah at 24 V. Lithium: 2 x 100 Ah at 48 V.", _js: "1" },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(handedIn.ok()).toBe(true);

  // Staff grade it.
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  const grader = await staff.newPage();
  await grader.goto("/staff/academy/grading");
  const row = grader.getByTestId("grading-row").filter({ hasText: `${student}: Battery bank for a pharmacy` });
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
  await expect(publicPage.getByText(student)).toBeVisible();

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
