import { expect, test } from "@playwright/test";
import { BASE, hydrated, signedIn } from "../support";

// The demo student (Funmilayo Adeyemi, enrolled in Solar Installation Fundamentals by the seed) hands in the
// course's assignment, staff grade it, and she reads her grade. Her submission is shared state: this is the only
// journey that touches it (a new customer cannot be enrolled in a paid course from a journey yet), and every run
// starts from a fresh database, so it always begins "Not submitted".
const ASSIGNMENT = "/academy/solar-installation-fundamentals/assignments/1"; // the first seeded course's only assignment

/** A small, real PDF made on the spot. */
function smallPdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

test("a student hands in an assignment, staff grade it, and the student reads the score and feedback; others are refused", async ({
  browser,
}) => {
  const student = await browser.newContext({ storageState: signedIn("student") });
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  const customer = await browser.newContext({ storageState: signedIn("customer") });
  try {
    const page = await student.newPage();
    await page.goto(ASSIGNMENT);
    await expect(page.getByRole("heading", { level: 1, name: "Design a 3 kVA home system" })).toBeVisible();
    await expect(page.getByTestId("submission-status")).toHaveText("Not submitted");
    await expect(page.getByText("Maximum score")).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Your answer").fill("Load list, sizing and wiring drawing attached.");
    // Too big: refused on the page before anything is sent.
    const big = Buffer.concat([smallPdf(), Buffer.alloc(11 * 1024 * 1024)]);
    await page.getByLabel("File").setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: big });
    await page.getByRole("button", { name: "Hand in" }).click();
    await expect(page.getByText("scan.pdf is 11.0 MB: the file must be 10 MB or smaller")).toBeVisible();
    await expect(page.getByTestId("submission-status")).toHaveText("Not submitted");
    await page.getByLabel("File").setInputFiles({ name: "3kva-design.pdf", mimeType: "application/pdf", buffer: smallPdf() });
    // The seed puts her in the course's earliest intake; if its due date has passed, the hand-in is marked late.
    const dueAt = new Date((await page.getByTestId("due-at").getAttribute("datetime"))!);
    await page.getByRole("button", { name: "Hand in" }).click();
    await expect(page.getByTestId("submission-status")).toHaveText(dueAt.getTime() < Date.now() ? "Late" : "Submitted");
    const fileLink = page.getByTestId("submission").getByRole("link", { name: "3kva-design.pdf" });
    await expect(fileLink).toBeVisible();

    // The file comes back as a download with safe headers, to her only.
    const href = (await fileLink.getAttribute("href"))!;
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["content-disposition"]).toContain('attachment; filename="3kva-design.pdf"');
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Another customer can neither open the assignment, hand it in, nor fetch the file.
    const other = await customer.newPage();
    const refused = await other.goto(ASSIGNMENT);
    expect(refused?.status()).toBe(403);
    await expect(other.getByText("This assignment is for students of Solar Installation Fundamentals")).toBeVisible();
    const post = await other.request.post(ASSIGNMENT, {
      multipart: { _js: "1", assignmentId: "1", text: "Not my course" },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    expect((await other.request.get(href)).status()).toBe(404);

    // Staff grade it from the queue.
    const grader = await staff.newPage();
    await grader.goto("/staff/academy/grading");
    const row = grader.getByTestId("grading-row").filter({ hasText: "Funmilayo Adeyemi: Design a 3 kVA home system" });
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: "3kva-design.pdf" })).toBeVisible();
    await hydrated(grader);
    // Out of range first: refused beside the field, nothing graded.
    await row.getByLabel("Score (0 to 100)").fill("120");
    await row.getByLabel("Feedback").fill("Good load list; size the battery bank for two days of autonomy.");
    await row.getByRole("button", { name: "Save grade" }).click();
    await expect(row.getByText("The score must be a whole number from 0 to 100")).toBeVisible();
    await row.getByLabel("Score (0 to 100)").fill("78");
    await row.getByRole("button", { name: "Save grade" }).click();
    await expect(row.getByRole("status")).toContainText("Graded: 78/100");

    // The student sees her grade and can no longer change the submission.
    await page.reload();
    await expect(page.getByTestId("submission-status")).toHaveText("Graded");
    await expect(page.getByTestId("grade")).toContainText("Score: 78 / 100");
    await expect(page.getByTestId("grade")).toContainText("size the battery bank for two days of autonomy");
    await expect(page.getByRole("button", { name: /Hand in|Replace submission/ })).toHaveCount(0);
  } finally {
    await Promise.all([student.close(), staff.close(), customer.close()]);
  }
});

test("without JavaScript, a program disguised as a PDF is refused with the reason and nothing is handed in", async ({ browser }) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: signedIn("student") });
  try {
    const page = await noJs.newPage();
    // Posted as the page's plain form would (no _js flag). Sent directly rather than through the form because the
    // other journey may already have had this submission graded, which removes the form; the file check comes first.
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(512)]);
    const res = await page.request.post(ASSIGNMENT, {
      multipart: { text: "", file: { name: "disguised.pdf", mimeType: "application/pdf", buffer: exe } },
      headers: { origin: BASE, referer: `${BASE}${ASSIGNMENT}` },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe(ASSIGNMENT);
    await page.goto(ASSIGNMENT);
    await expect(page.getByText("Upload a PDF, PNG, JPEG, WebP, DOCX or ZIP file: this file is none of those")).toBeVisible();
    await expect(page.getByRole("link", { name: "disguised.pdf" })).toHaveCount(0);
  } finally {
    await noJs.close();
  }
});
