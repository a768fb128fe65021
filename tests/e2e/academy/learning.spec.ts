import { seriousViolations } from "../accessibility-check";
import { expect, test } from "@playwright/test";
import { BASE, hydrated, signedIn, signedInNewCustomer } from "../support";
import { servedPage } from "../served-page";

// The academy as a visitor and a student use it: browse, preview, enrol in the free course, learn, pass the quiz,
// finish the course and see the certificate on the dashboard. Each journey makes its own student.

const FREE = "/academy/solar-for-homeowners";

test("a visitor browses the catalogue, filters it and opens a preview lesson", async ({ page }) => {
  await page.goto("/academy");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Learn solar");
  const results = page.getByRole("region", { name: "Courses" });
  await expect(results.getByRole("status")).toHaveText("8 courses");
  await expect(results.getByRole("article").first()).toContainText(/Starts .* · enrol by /);

  await page.getByLabel("Price").selectOption("free");
  await page.getByRole("button", { name: "Show courses" }).click();
  await expect(page).toHaveURL(/price=free/);
  await expect(results.getByRole("status")).toHaveText("1 course");
  await expect(results.getByRole("article")).toContainText("Free");
  await results.getByRole("link", { name: "Solar for Homeowners" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Solar for Homeowners" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Syllabus" })).toContainText("Reading the inverter");
  await expect(page.getByRole("link", { name: "Sign in to enrol" })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld).toMatchObject({ "@type": "Course", name: "Solar for Homeowners", offers: { price: "0.00", priceCurrency: "NGN" } });

  await page.getByRole("link", { name: "Watch a free lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The parts of your system" })).toBeVisible();
  await expect(page.getByText("Lesson 1 of 3")).toBeVisible();
  const video = await page.request.get(`${BASE}${await page.locator("video source").last().getAttribute("src")}`, {
    headers: { range: "bytes=0-99" },
  });
  expect(video.status()).toBe(206);
  expect((await video.body()).length).toBe(100);

  // A lesson that is not a preview asks the visitor to sign in first.
  await page.goto(`${FREE}/lessons/battery-habits`);
  await expect(page).toHaveURL(/login=true/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a new customer enrols in the free course, learns, passes the quiz and earns the certificate", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signedInNewCustomer(page.request, browser, "Kelechi Onyeka");
  await page.goto(FREE);
  await hydrated(page);
  await page.getByRole("button", { name: "Enrol for free" }).click();
  await expect(page).toHaveURL(`${FREE}/learn`);
  await expect(page.getByText("You're enrolled", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "0");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Start: The parts of your system" }).click();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByText("You completed this lesson")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "33");

  await page.getByRole("link", { name: /Next lesson: Reading the inverter/ }).click();
  const quiz = page.getByRole("region", { name: "Quiz" });
  // A wrong answer first: the message says so and the pass mark.
  await quiz
    .getByRole("group", { name: /What does the load figure/ })
    .getByLabel("How full the battery is")
    .check();
  await quiz
    .getByRole("group", { name: /best time to run a washing machine/ })
    .getByLabel("At night from the batteries")
    .check();
  await quiz.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByText("Not yet: 0%")).toBeVisible();
  await quiz
    .getByRole("group", { name: /What does the load figure/ })
    .getByLabel("How much power your home is using now")
    .check();
  await quiz
    .getByRole("group", { name: /best time to run a washing machine/ })
    .getByLabel("At midday when panels produce most")
    .check();
  await quiz.getByRole("button", { name: "Submit another attempt" }).click();
  await expect(page.getByText("Passed: 100%")).toBeVisible();
  await expect(quiz).toContainText("your best: 100% (passed)");
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "66");

  await expect(page.getByText("You completed this lesson")).toBeVisible();
  await page.getByRole("link", { name: /Next lesson: Habits that keep batteries healthy/ }).click();
  await page.getByRole("button", { name: "Mark lesson complete" }).click();
  await expect(page).toHaveURL("/student/dashboard");
  await expect(page.getByText("Course complete!")).toBeVisible();
  const certificates = page.getByRole("region", { name: "Certificates" });
  await expect(certificates).toContainText("Solar for Homeowners");
  await expect(certificates).toContainText(/Distinction · 100%/);
  await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("Certificate earned: Solar for Homeowners");
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("as another customer", () => {
  test.use({ storageState: signedIn("customer") });

  test("a lesson of a course one is not enrolled in, and a closed intake, are refused", async ({ request }) => {
    const lesson = await servedPage(request, "/academy/solar-installation-fundamentals/lessons/working-safely");
    expect(lesson.path).toBe("/academy/solar-installation-fundamentals");
    expect(lesson.text).toContain("This lesson is for enrolled students");
    const quiz = await request.post("/academy/solar-installation-fundamentals/lessons/working-safely/quiz", {
      form: { questions: "3", "answer-0": "0", "answer-1": "2", "answer-2": "1", _js: "1" },
      headers: { origin: BASE },
    });
    expect(quiz.status()).toBe(403);
    const video = await request.get("/academy/solar-installation-fundamentals/learn", { maxRedirects: 0 });
    expect(video.status()).toBe(302);

    // The energy audits course's only intake closed: the page offers no enrolment, and a forged post is refused.
    const closedCourse = await servedPage(request, "/academy/energy-audits-for-buildings");
    expect(closedCourse.text).toContain("No intake is open for enrolment right now.");
    const closed = await request.post("/academy/enrol-free", {
      form: { slug: "energy-audits-for-buildings", intakeId: "999999", _js: "1" },
      headers: { origin: BASE },
    });
    expect(closed.status()).toBe(404);
    expect((await closed.json()).error.message).toBe("This course is not open for enrolment.");
  });
});

test.describe("as the demo student", () => {
  test.use({ storageState: signedIn("student") });

  test("the dashboard shows courses with progress and a continue link, and phone screenshots read well", async ({ page }, info) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/student/dashboard");
    const course = page.getByRole("listitem").filter({ hasText: "Solar Installation Fundamentals" });
    await expect(course.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
    await expect(course.getByRole("link", { name: /^Continue: / })).toBeVisible();
    await expect(page.getByRole("region", { name: "Assignments" })).toContainText("Design a 3 kVA home system");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath("dashboard-360.png"), fullPage: true });
    await page.goto("/academy");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath("catalogue-360.png"), fullPage: true });
    await page.goto("/academy/solar-installation-fundamentals/lessons/working-safely");
    await expect(page.getByRole("heading", { level: 1, name: "Working safely on DC and AC" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath("lesson-360.png"), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
