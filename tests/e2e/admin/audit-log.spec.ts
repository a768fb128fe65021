import { expect, test } from "@playwright/test";
import { hydrated, signedIn } from "../support";

// The audit viewer (docs/product/alerts-and-audit.md#audit-viewer): an admin's change appears with who, when and
// the values after it, the filters narrow to it, and the CSV holds it; staff cannot open either.

test("an admin finds their own change in the audit log, filtered, and downloads it as CSV", async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  const department = `Audit ${Date.now().toString(36).toUpperCase()}`;
  await admin.goto("/admin/settings");
  await hydrated(admin);
  const codes = admin.locator("#staff-codes");
  await codes.getByLabel("Department").fill(department);
  await codes.getByRole("button", { name: "Issue code" }).click();
  await expect(admin.getByText(new RegExp(`for ${department}`))).toBeVisible();

  await admin.getByRole("link", { name: "The whole audit log" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await admin.getByLabel("Action").fill("staff_code.");
  await admin.getByLabel("Who (name or e-mail)").fill("admin@zavolah.ng");
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin).toHaveURL(/action=staff_code\.&/);
  const first = admin.getByTestId("audit-rows").locator("li").first();
  await expect(first).toContainText("staff_code.issue");
  await first.locator("summary").click();
  await expect(first.getByText(department)).toBeVisible();

  // Nothing matches a day before the site existed; the empty list offers to clear the filters.
  await admin.getByLabel("To (day)").fill("2020-01-01");
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin.getByTestId("audit-count")).toHaveText("No entry here.");
  await admin.getByRole("link", { name: "Clear the filters" }).click();
  await expect(admin.getByTestId("audit-rows")).toBeVisible();

  const csv = await admin.request.get("/admin/audit/export?action=staff_code.issue");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="zavolah-audit-\d{4}-\d{2}-\d{2}\.csv"/);
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe("\uFEFFWhen (Lagos),Who,E-mail,Action,Resource,Resource id,Before,After");
  expect(text).toContain(department);
  expect(text).not.toContain("setting.update");

  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  expect((await staff.request.get("/admin/audit/export", { maxRedirects: 0 })).status()).toBe(302);
  await staff.goto("/admin/audit");
  await expect(staff).toHaveURL(/\/$/);
});
