import { expect, test } from "@playwright/test";
import { BASE, hydrated, mailFromMailbox, signedIn, uniqueEmail } from "../support";

test.use({ storageState: signedIn("staff") });

test("a contact message becomes a lead that staff give to a colleague, tag and note", async ({ page, browser }) => {
  const email = uniqueEmail("ebere.chukwu");
  const name = `Ebere Chukwu ${Date.now().toString(36)}`;
  const subject = "Solar for a guesthouse in Enugu";
  const sent = await page.request.post("/contact", {
    form: { name, email, subject, inquiryType: "sales", message: "We run a 12-room guesthouse in Enugu and want to cut the diesel bill." },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);

  // Staff find the new lead on the list and open the record.
  await page.goto(`/staff/crm?q=${encodeURIComponent(email)}`);
  // Each record is a row with a tick for the bulk form (the heading row has none).
  const row = page
    .getByTestId("crm-rows")
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox") });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toContainText(name);
  await expect(row.getByTestId("crm-status")).toHaveText("Lead");
  await expect(row.getByRole("cell", { name: "Contact form", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "No owner", exact: true })).toBeVisible();
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await hydrated(page);
  const timeline = page.getByTestId("crm-timeline");
  await expect(timeline).toContainText(`Message: ${subject}`);

  // Assign to the admin, tag and note: each shows on the page at once.
  await page.getByLabel("Give the record to").selectOption({ label: "Adaeze Okonkwo" });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Given to Adaeze Okonkwo", { exact: true })).toBeVisible();
  await page.getByLabel("Add tags").fill("Solar, Enugu hotels");
  await page.getByRole("button", { name: "Tag", exact: true }).click();
  await expect(page.getByTestId("record-tags")).toHaveText(/enugu-hotels.*solar/s);
  await page.getByLabel("What happened, what was agreed").fill("Called: 12 rooms, 2 freezers, wants a site survey next week.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(timeline.getByText("Called: 12 rooms, 2 freezers, wants a site survey next week.")).toBeVisible();
  await expect(timeline).toContainText("Given to Adaeze Okonkwo by Tunde Bakare");

  // The message waits for an answer until staff say they answered it (by phone here).
  const waiting = page.getByTestId("waiting-messages");
  await expect(waiting).toContainText("A message is waiting for an answer");
  await expect(waiting).toContainText(subject);
  await waiting.getByRole("button", { name: "Mark answered" }).click();
  await expect(page.getByText("Message marked answered", { exact: true })).toBeVisible();
  await expect(waiting).toBeHidden();

  // The list filters to the tag, and its CSV holds the same record.
  await page.goto("/staff/crm?tag=enugu-hotels");
  await expect(
    page
      .getByTestId("crm-rows")
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("link", { name }),
  ).toBeVisible();
  const download = page.getByRole("link", { name: "Download CSV" });
  await expect(download).toHaveAttribute("href", "/staff/crm/export?tag=enugu-hotels");
  const csv = await page.request.get((await download.getAttribute("href"))!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`${name},${email}`);

  // The new owner is told by e-mail (and in the bell).
  const notice = await mailFromMailbox(browser, "admin@zavolah.ng", new RegExp(`${name} is yours now`));
  expect(notice).toContain("Tunde Bakare gave you the record");
  expect(notice).toContain("Open the record");
});

test("customers cannot open the CRM and its export", async ({ browser }) => {
  const context = await browser.newContext({ storageState: signedIn("customer") });
  const res = await context.request.get("/staff/crm/export", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/");
  await context.close();
});

test("a list of 500 with 3 bad rows: preview, import with progress to 100%, the 3 reported", async ({ page }) => {
  const tag = `fair-${Date.now().toString(36)}`;
  const lines = ["Name,Email,Phone"];
  for (let i = 1; i <= 500; i++)
    lines.push(
      [17, 250, 499].includes(i)
        ? `Broken ${i},broken-${i}.example.ng,`
        : `Visitor ${i},${tag}.v${i}@example.ng,0803${String(1_000_000 + i).slice(1)}0`,
    );
  await page.goto("/staff/crm/imports");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "trade-fair.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });
  await page.getByLabel("Tags for everyone in the list").fill(tag);
  await page.getByRole("button", { name: "Check the list" }).click();

  await expect(page.getByRole("heading", { name: "What this import would do" })).toBeVisible();
  await expect(page.getByTestId("count-new-records")).toHaveText("497");
  await expect(page.getByTestId("count-refused")).toHaveText("3");
  await expect(page.getByTestId("refused-rows").getByRole("listitem")).toHaveText([
    /Line 18.*broken-17\.example\.ng.*Invalid email format/,
    /Line 251.*broken-250\.example\.ng.*Invalid email format/,
    /Line 500.*broken-499\.example\.ng.*Invalid email format/,
  ]);
  await hydrated(page);
  await page.getByRole("button", { name: "Import 497 records" }).click();
  await expect(page.getByRole("heading", { name: "Imported", exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("import-progress")).toHaveText("497 of 497 rows (100%)");
  await expect(page.getByTestId("count-new-records")).toHaveText("497");

  await page.getByRole("link", { name: `See the records tagged ${tag}` }).click();
  await expect(page.getByTestId("crm-count")).toHaveText("Showing 1–25 of 497 records");
});
