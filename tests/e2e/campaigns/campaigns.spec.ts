import { expect, test } from "@playwright/test";
import { DEMO, hydrated, mailFromMailbox, signedIn, useSignIn } from "../support";
import { servedPage } from "../served-page";

const stamp = Date.now().toString(36);
const LIST = Array.from({ length: 120 }, (_, i) => `reader${i}.${stamp}@example.ng`);

test("admins see the scheduled jobs and run one now; the demo customer got the renewal reminder", async ({ page, browser }) => {
  await useSignIn(page.context(), "admin");
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Scheduled jobs" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await hydrated(page);
  const jobs = page.getByTestId("scheduled-job");
  await expect(jobs.filter({ hasText: "Blog post reminders" })).toContainText("Runs every hour");
  const renewal = jobs.filter({ hasText: "Subscription renewal reminders" });
  await expect(renewal).toContainText("Runs every 24 hours");
  await expect(jobs.filter({ hasText: "Campaign sender" })).toBeVisible();

  // The jobs ran at start: wait for the renewal run to have finished, then run it again.
  let before: string | null = null;
  await expect(async () => {
    await page.reload();
    before = await renewal.getByTestId("job-last-run").locator("time").getAttribute("datetime", { timeout: 1000 });
    expect(before).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  await hydrated(page);
  await renewal.getByRole("button", { name: "Run Subscription renewal reminders now" }).click();
  await expect(page.getByText("Job started")).toBeVisible();
  await expect(async () => {
    await page.reload();
    const after = await renewal.getByTestId("job-last-run").locator("time").getAttribute("datetime", { timeout: 1000 });
    expect(after && after > before!).toBe(true);
  }).toPass({ timeout: 15_000 });
  await expect(renewal).toContainText("Last error");
  await expect(renewal).toContainText("None");

  // The seeded ZavCharge plan ends in 5 days (checked before the campaign fills the mailbox): one reminder, however often the job runs.
  const mail = await mailFromMailbox(browser, DEMO.customer, /Subscription renewal/);
  expect(mail).toContain("ZavCharge Monthly");
  expect(mail).toContain("in 5 days");
});

test("staff send a 120-recipient campaign and watch it reach 100% with 120 sent", async ({ page, browser }, testInfo) => {
  await useSignIn(page.context(), "staff");
  await page.goto("/staff/campaigns/new");
  await hydrated(page);
  await page.getByLabel("Subject").fill(`Harmattan solar sale ${stamp}`);
  await page
    .getByLabel("Message (HTML)")
    .fill("<h1>20% off solar panels</h1><p>Until Friday, in every state.</p><script>alert(1)</script>");
  await page.getByText("A list I paste or import").click();
  await page.getByLabel("E-mail addresses").fill([...LIST, "not-an-address", LIST[0]].join("\n"));
  await page.getByText("Everyone on this list agreed to receive marketing e-mail from Zavolah").click();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`compose-${width}.png`), fullPage: true });
  }

  // A sender outside the site's domain is refused with the reason, and what was typed stays.
  await page.getByLabel("Sender e-mail").fill("promo@gmail.com");
  await page.getByRole("button", { name: "Send campaign" }).click();
  await expect(page.getByText("Send from an address at zavolah.ng")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue(`Harmattan solar sale ${stamp}`);

  await page.getByLabel("Sender e-mail").fill("news@zavolah.ng");
  await page.getByRole("button", { name: "Send campaign" }).click();
  await expect(page).toHaveURL(/\/staff\/campaigns\/\d+$/);
  const bar = page.getByRole("progressbar", { name: "Campaign progress" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(page.getByTestId("count-sent")).toHaveText("120");
  await expect(page.getByTestId("count-failed")).toHaveText("1"); // "not-an-address"
  await expect(page.getByTestId("progress-summary")).toContainText("Finished: 121 of 121 processed (100%)");
  await expect(page.getByTestId("campaign-status")).toHaveText("Done");
  // Tracking records: source, status and the provider's message id, paged 25 at a time.
  const first = page.getByTestId("recipient-row").filter({ hasText: LIST[0]! });
  await expect(first).toContainText("import");
  await expect(first).toContainText("Sent");
  await expect(first).toContainText("mailbox-");
  await expect(page.getByText("Page 1 of 5")).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`progress-${width}.png`), fullPage: true });
  }

  await page.goto("/staff/campaigns");
  await expect(page.getByTestId("campaign-row").filter({ hasText: `Harmattan solar sale ${stamp}` })).toContainText("120 sent · 1 failed");

  // The e-mail itself (the mailbox lists the newest 50): the staff's words, no script, and the recipient's own unsubscribe link.
  const body = await mailFromMailbox(browser, LIST[119]!, new RegExp(`Harmattan solar sale ${stamp}`));
  expect(body).toContain("20% off solar panels");
  expect(body).not.toContain("alert(1)");
  expect(body).toMatch(/Unsubscribe:? http:\/\/localhost:\d+\/newsletter\/unsubscribe\?token=/);
});

test.describe("a customer", () => {
  test.use({ storageState: signedIn("customer") });
  test("cannot open the campaigns", async ({ request }) => {
    const sent = await servedPage(request, "/staff/campaigns");
    expect(sent.path).toBe("/");
    expect(sent.text).toContain("You don't have permission to access this page.");
    const res = await request.get("/staff/campaigns/1/progress", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
  });
});
