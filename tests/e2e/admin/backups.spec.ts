import { expect, test } from "@playwright/test";
import { hydrated, signedIn } from "../support";

// The backups page (docs/operations.md#backups): an admin backs up now, watches it run, and finds it as the last good
// backup, kept; nobody else may open the page or start one.

test("an admin backs up now, sees its progress, and finds it as the last good backup", async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await admin.goto("/admin/dashboard");
  await admin.getByRole("link", { name: "Backups" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  await hydrated(admin);
  await expect(admin.getByText(/Every day at \d\d:00 Lagos time; the next is/)).toBeVisible();
  await expect(admin.getByText(/on this server's own disk/)).toBeVisible();

  const before = await admin
    .getByTestId("kept-backups")
    .locator("tbody tr")
    .count()
    .catch(() => 0);
  await admin.getByRole("button", { name: "Back up now" }).click();
  await expect(admin.getByText("Backup started")).toBeVisible();
  // It runs in the background; the page follows it and then lists it.
  await expect(admin.getByRole("button", { name: "Back up now" })).toBeVisible({ timeout: 30_000 });
  const kept = admin.getByTestId("kept-backups").locator("tbody tr");
  await expect(kept).toHaveCount(before + 1);
  await expect(kept.first()).toContainText("Adaeze Okonkwo");
  await expect(kept.first()).toContainText(/zavolah-\d{8}T\d{6}Z(-\d+)?\.tar\.gz/);
  const last = admin.getByTestId("last-good-backup");
  await expect(last).toContainText("Adaeze Okonkwo");
  await expect(last).toContainText(/\d+ KB|\d+\.\d MB/);
  // The demo admin signed in with a password only: no download, and the page says what it takes.
  await expect(admin.getByTestId("download-needs-second-factor")).toContainText("two-factor in the last 10 minutes");
  await expect(admin.getByRole("link", { name: "Download" })).toHaveCount(0);
  const refused = await admin.request.get("/admin/backups/1/download", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()["location"]).toBe("/admin/backups");
});

test("staff can neither open the backups page nor start a backup", async ({ browser }) => {
  const staff = await browser.newContext({ storageState: signedIn("staff") });
  const page = await staff.request.get("/admin/backups", { maxRedirects: 0 });
  expect(page.status()).toBe(302);
  const start = await staff.request.post("/admin/backups", { form: { js: "1" }, maxRedirects: 0 });
  expect([302, 403]).toContain(start.status());
  const download = await staff.request.get("/admin/backups/1/download", { maxRedirects: 0 });
  expect(download.status()).toBe(302);
  expect(download.headers()["location"]).toBe("/");
  await staff.close();
});
