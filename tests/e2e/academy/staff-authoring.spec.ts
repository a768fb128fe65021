import { expect, test } from "@playwright/test";
import { hydrated, signedIn } from "../support";
import { servedPage } from "../served-page";

// Staff write a course of their own from nothing and publish it; seeded courses are only read.

/** A tiny WebM: its EBML header with the "webm" doc type, which is what the server checks. */
function tinyWebm(): Buffer {
  return Buffer.from([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0x82,
    0x84,
    ...Buffer.from("webm"),
    ...new Array(64).fill(0),
  ]);
}

/** A datetime-local value some days from now. */
const daysOn = (days: number) => new Date(Date.now() + days * 86_400_000 + 3_600_000).toISOString().slice(0, 16);

test.describe("staff", () => {
  test.use({ storageState: signedIn("staff") });

  test("a new course gets a module, a lesson with a video, an intake, and is published", async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const title = `Borehole Solar Pumps ${stamp}`;
    await page.goto("/staff/academy");
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Grading queue" })).toHaveAttribute("href", "/staff/academy/grading");
    await expect(page.getByRole("link", { name: "Certificates" })).toHaveAttribute("href", "/staff/academy/certificates");

    const create = page.getByRole("form", { name: "New course" });
    await create.getByLabel("Title", { exact: true }).fill(title);
    await create.getByLabel("Slug", { exact: true }).fill(`borehole-solar-pumps-${stamp}`);
    await create.getByLabel("Summary").fill("Size, install and service solar borehole pumps for farms and estates.");
    await create.getByLabel("Price in naira").fill("45,000");
    await create.getByLabel("Pass mark (%)").fill("150");
    await create.getByLabel("Instructor's name").fill("Engr. Kelechi Umeh");
    await create.getByRole("button", { name: "Create course" }).click();
    await expect(create.getByText("The pass mark must be between 0 and 100")).toBeVisible();
    await expect(page.getByTestId("staff-course-row").filter({ hasText: title })).toHaveCount(0);

    await create.getByLabel("Pass mark (%)").fill("65");
    await create.getByRole("button", { name: "Create course" }).click();
    await expect(page).toHaveURL(/\/staff\/academy\/courses\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("course-status").first()).toHaveText("Draft");
    await hydrated(page);

    // Publishing is refused until there is a lesson and an intake.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Add at least one lesson and one intake before publishing.").last()).toBeVisible();

    const newModule = page.getByRole("form", { name: "New module" });
    await newModule.getByLabel("New module title").fill("Module 1: Water and sun");
    await newModule.getByRole("button", { name: "Add module" }).click();
    const mod = page.getByTestId("module").filter({ has: page.getByLabel("Module title") });
    await expect(mod).toHaveCount(1);
    await expect(mod.getByLabel("Module title")).toHaveValue("Module 1: Water and sun");

    await mod.getByText("Add a lesson to Module 1: Water and sun").click();
    const newLesson = mod.getByRole("form", { name: "New lesson in Module 1: Water and sun" });
    await newLesson.getByLabel("Lesson title").fill("Reading a pump curve");
    await newLesson.getByLabel("Lesson slug").fill("reading-a-pump-curve");
    await newLesson.getByLabel("Minutes").fill("18");
    await newLesson.getByLabel("Lesson text").fill("Head, flow and **efficiency**.");
    await newLesson.getByRole("button", { name: "Add lesson" }).click();
    const lesson = mod.getByTestId("lesson").filter({ hasText: "Reading a pump curve" });
    await expect(lesson).toContainText("18 min");
    await expect(lesson).toContainText("text only");

    await lesson.getByText("Edit Reading a pump curve").click();
    const upload = lesson.getByRole("form", { name: "Upload a video for Reading a pump curve" });
    // A file that only claims to be a video is refused.
    await upload
      .getByLabel("MP4 or WebM, up to 200 MB")
      .setInputFiles({ name: "pump.mp4", mimeType: "video/mp4", buffer: Buffer.from("not a video at all") });
    await upload.getByRole("button", { name: "Upload video" }).click();
    await expect(upload.getByText("Upload an MP4 or WebM video")).toBeVisible();
    await upload.getByLabel("MP4 or WebM, up to 200 MB").setInputFiles({ name: "pump.webm", mimeType: "video/webm", buffer: tinyWebm() });
    await upload.getByRole("button", { name: "Upload video" }).click();
    await expect(lesson).toContainText("· video");
    await expect(lesson.getByText(/^academy\/videos\/.+\.webm$/)).toBeVisible();

    const intake = page.getByRole("form", { name: "New intake" });
    await intake.getByLabel("Starts").fill(daysOn(20));
    await intake.getByLabel("Enrolment closes").fill(daysOn(25));
    await intake.getByRole("button", { name: "Add intake" }).click();
    await expect(intake.getByText("The enrolment deadline must be on or before the start")).toBeVisible();
    await intake.getByLabel("Enrolment closes").fill(daysOn(15));
    await intake.getByLabel("Seats").fill("25");
    await intake.getByRole("button", { name: "Add intake" }).click();
    await expect(page.getByTestId("intake")).toContainText("of 25 seats");
    // The intake is edited in place: more seats.
    await page.getByTestId("intake").getByText("Edit intake").click();
    const editIntake = page.getByRole("form", { name: /^Edit the intake starting/ });
    await editIntake.getByLabel("Seats").fill("40");
    await editIntake.getByRole("button", { name: "Save intake" }).click();
    await expect(page.getByTestId("intake")).toContainText("of 40 seats");

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("course-status").first()).toHaveText("Published");
    await expect(page.getByRole("link", { name: "View the course page" })).toBeVisible();

    // Another course's page cannot change this course's module, whatever id its form carries.
    const moduleId = await mod.locator('input[name="moduleId"]').first().getAttribute("value");
    const origin = new URL(page.url()).origin;
    const foreign = await page.request.post("/staff/academy/courses/1", {
      headers: { origin },
      form: { _js: "1", intent: "module-rename", moduleId: moduleId!, title: "Renamed from elsewhere" },
    });
    expect(foreign.status()).toBe(404);
    await page.reload();
    await expect(page.getByTestId("module").getByLabel("Module title")).toHaveValue("Module 1: Water and sun");

    await page.goto("/staff/academy");
    const row = page.getByTestId("staff-course-row").filter({ hasText: title });
    await expect(row.getByTestId("course-status")).toHaveText("Published");
    await expect(row).toContainText("₦45,000");
  });

  test("the course list fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/staff/academy");
    await expect(page.getByTestId("staff-course-row").first()).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // A seeded course with lessons (another journey may add a newer course with none yet).
    await page
      .getByTestId("staff-course-row")
      .filter({ hasText: "Solar Installation Fundamentals" })
      .getByRole("link", { name: /^Edit / })
      .click();
    await expect(page.getByRole("heading", { name: "Modules and lessons" })).toBeVisible();
    await page
      .getByTestId("lesson")
      .first()
      .getByText(/^Edit /)
      .click();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test.describe("staff without JavaScript", () => {
  test.use({ storageState: signedIn("staff"), javaScriptEnabled: false });

  test("the forms still work: a refused course keeps what was typed, a module is added", async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const title = `Inverter Servicing ${stamp}`;
    await page.goto("/staff/academy");
    const create = page.getByRole("form", { name: "New course" });
    await create.getByLabel("Title", { exact: true }).fill(title);
    await create.getByLabel("Slug", { exact: true }).fill(`inverter-servicing-${stamp}`);
    await create.getByLabel("Summary").fill("Find and fix the faults that stop inverters in Nigerian homes.");
    await create.getByLabel("Price in naira").fill("30k");
    await create.getByLabel("Instructor's name").fill("Hauwa Musa");
    await create.getByRole("button", { name: "Create course" }).click();
    await expect(page.getByText("Type the price in naira, like 75,000 (0 for a free course)")).toBeVisible();
    await expect(create.getByLabel("Title", { exact: true })).toHaveValue(title);
    await create.getByLabel("Price in naira").fill("30,000");
    await create.getByRole("button", { name: "Create course" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    const newModule = page.getByRole("form", { name: "New module" });
    await newModule.getByLabel("New module title").fill("Module 1: Batteries");
    await newModule.getByRole("button", { name: "Add module" }).click();
    await expect(page.getByText('Module "Module 1: Batteries" was added')).toBeVisible();
    await expect(page.getByTestId("module").getByLabel("Module title")).toHaveValue("Module 1: Batteries");
  });
});

test.describe("customers", () => {
  test.use({ storageState: signedIn("customer") });

  test("cannot open the staff academy", async ({ request }) => {
    const sent = await servedPage(request, "/staff/academy");
    expect(sent.path).toBe("/");
    expect(sent.text).toContain("You don't have permission to access this page.");
    expect(sent.elements("form", { "aria-label": "New course" })).toHaveLength(0);
  });
});
