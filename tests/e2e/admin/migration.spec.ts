import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedIn } from "../support";

// The data migration (docs/product/data-migration.md): an admin brings the old system's customers and then their past
// orders over, with a dry run before each import; the same customers' file run again creates nothing.

test.use({ storageState: signedIn("admin") });

async function upload(page: Page, kind: "Customers" | "Orders", name: string, csv: string) {
  await page.goto("/admin/migration");
  await page.getByRole("radio", { name: new RegExp(`^${kind}`) }).check();
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Read the file" }).click();
  await expect(page.getByRole("heading", { name: "Match the columns" })).toBeVisible();
}

async function importNow(page: Page, records: number) {
  await hydrated(page);
  await page.getByRole("button", { name: `Import ${records} record${records === 1 ? "" : "s"}` }).click();
  await expect(page.getByRole("heading", { name: "Imported", exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
}

test("a migration dry run then import, run twice without duplicates", async ({ page }) => {
  const tag = Date.now().toString(36);
  const customers = [
    "Customer ID,Full Name,E-mail,Mobile,Date Created",
    `${tag}-1,Ngozi Okafor,ngozi.${tag}@example.ng,0803 123 4567,25/11/2024 14:30`,
    `${tag}-2,Bayo Adeyemi,BAYO.${tag}@example.ng,803 555 0101,2024-01-05`,
    `${tag}-3,Chinedu Obi,chinedu.${tag}@example,,`,
  ].join("\r\n");

  await upload(page, "Customers", "old-customers.csv", customers);
  // The columns are matched from their names; the admin only checks them.
  await expect(page.getByLabel("E-mail (required)")).toHaveValue("2");
  await expect(page.getByLabel("Phone")).toHaveValue("3");
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByTestId("count-would-create")).toHaveText("2");
  await expect(page.getByTestId("count-refused")).toHaveText("1");
  await expect(page.getByTestId("refused-lines").getByRole("listitem")).toHaveText([/Line 4.*chinedu\..*@example.*Invalid email format/]);
  await expect(page.getByRole("table", { name: "The first records as they would be stored" })).toContainText("+2348031234567");
  await importNow(page, 2);
  await expect(page.getByTestId("migration-progress")).toHaveText("2 of 2 records (100%)");
  await expect(page.getByTestId("count-created")).toHaveText("2");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the report (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zavolah-migration-\d+-report\.csv$/);
  const report = await readFile((await download.path())!, "utf8");
  expect(report).toContain(`2,${tag}-1,Created,ngozi.${tag}@example.ng`);
  expect(report).toContain(`4,${tag}-3,Refused,,chinedu.${tag}@example,Invalid email format`);

  // Their past orders, by e-mail: a delivered one comes over, one for someone never imported is refused with why.
  const orders = [
    "Order No,Customer Email,Order Date,Status,Item,Qty,Unit Price,Total",
    `${tag}-A1,ngozi.${tag}@example.ng,02/03/2025 10:15,Completed,Solar lighting kit,2,"45,000","90,000"`,
    `${tag}-A2,nobody.${tag}@example.ng,03/03/2025,Completed,Solar lighting kit,1,45000,45000`,
  ].join("\n");
  await upload(page, "Orders", "old-orders.csv", orders);
  await expect(page.getByLabel("Item name")).toHaveValue("4");
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByTestId("refused-lines")).toContainText(
    `No customer has the e-mail nobody.${tag}@example.ng: import the customers first`,
  );
  await importNow(page, 1);
  await expect(page.getByTestId("count-created")).toHaveText("1");

  // The same customers' file again: found, not doubled.
  await upload(page, "Customers", "old-customers.csv", customers);
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByTestId("count-would-create")).toHaveText("0");
  await expect(page.getByTestId("count-unchanged")).toHaveText("2");
  await importNow(page, 2);
  await expect(page.getByTestId("count-created")).toHaveText("0");
  await expect(page.getByTestId("count-unchanged")).toHaveText("2");

  // The history lists the three runs with who ran them.
  await page.goto("/admin/migration");
  await expect(page.getByTestId("migration-runs").getByRole("listitem").filter({ hasText: "2 unchanged" }).first()).toContainText(
    /Customers.*old-customers\.csv.*Imported · 0 created, 0 updated, 2 unchanged, 1 refused · Adaeze Okonkwo/,
  );
});
