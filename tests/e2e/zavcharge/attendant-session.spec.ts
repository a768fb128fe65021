import { expect, request as newRequest, test, type Page } from "@playwright/test";
import { DEMO_DRIVER } from "../../../server/db/seed/zavcharge-data";
import { BASE, hydrated, signedIn } from "../support";

// An attended station (docs/product/zavcharge.md#charging-sessions): the attendant starts a session for the demo
// driver, who types the subscription ID and PIN, stops it with the meter reading; the driver's statement shows it
// with totals that add up, and the subscriber's ledger shows the debit. The demo driver is the only journey driver,
// at a slot no other journey uses (Victoria Island, slot 4).

const STATION = "ZavCharge Victoria Island";
const SLOT = 4;
const PRICE_KOBO = 26_000; // the station's price per kWh in the seed

/** RFC 4180 CSV rows (quotes, doubled quotes, commas in cells). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const naira = (text: string) => Math.round(Number(text.replace(/[₦,]/g, "")) * 100);
const money = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function startForm(page: Page) {
  return page.locator("form", { has: page.getByRole("button", { name: "Start charging" }) });
}

test.describe("an attended session", () => {
  test.use({ storageState: signedIn("staff") });

  test("the attendant starts and stops it; the driver's statement and the subscriber's ledger show it", async ({ page, browser }) => {
    await page.goto("/staff/zavcharge/sessions");
    await hydrated(page);
    const form = await startForm(page);

    // Bad input changes nothing and says what is wrong.
    await form.getByRole("button", { name: "Start charging" }).click();
    await expect(form.getByText("Please enter both Subscription ID and PIN")).toBeVisible();
    const pin = form.getByLabel("PIN");
    await expect(pin).toHaveAttribute("type", "password");
    await expect(pin).toHaveAttribute("inputmode", "numeric");
    await pin.pressSequentially("12ab34");
    await expect(pin).toHaveValue("1234");
    await form.getByLabel("Subscription ID").fill("ZAV00000000ZZZZ");
    await pin.fill("135790");
    const slotValue = await page
      .locator(`optgroup[label="${STATION}"] option`)
      .nth(SLOT - 1)
      .getAttribute("value");
    await form.getByLabel("Station and slot").selectOption(slotValue!);
    await form.getByRole("button", { name: "Start charging" }).click();
    await expect(form.getByText("Subscription ID not found")).toBeVisible();
    await form.getByLabel("Subscription ID").fill(DEMO_DRIVER.code.toLowerCase());
    await pin.fill("000000");
    await form.getByRole("button", { name: "Start charging" }).click();
    await expect(form.getByText("Incorrect PIN")).toBeVisible();
    await expect(page.getByTestId("running-session").filter({ hasText: DEMO_DRIVER.code })).toHaveCount(0);

    // The driver types the right PIN; the attendant notes the meter.
    await pin.fill(DEMO_DRIVER.pin);
    await form.getByLabel("Station and slot").selectOption(slotValue!);
    await form.getByLabel("Meter at start (kWh)").fill("1200.5");
    await form.getByRole("button", { name: "Start charging" }).click();
    await expect(page.getByText(`Charging started for ${DEMO_DRIVER.code}`)).toBeVisible();
    const running = page.getByTestId("running-session").filter({ hasText: DEMO_DRIVER.code });
    await expect(running).toContainText(`${STATION}, slot ${SLOT}`);
    await expect(running).toContainText("At start: 1200.5 kWh");
    // The slot is busy now.
    await expect(page.locator(`option[value="${slotValue}"]`)).toBeDisabled();

    // A reading below the start is refused and the session keeps running.
    await running.getByLabel("Meter reading (kWh)").fill("1100");
    await running.getByRole("button", { name: "Stop" }).click();
    await expect(running.getByText("below the reading at the start (1200.5 kWh)")).toBeVisible();

    // 12.345 kWh at ₦260/kWh = ₦3,209.70 (rounded down to the kobo).
    const energyWh = 12_345;
    const costKobo = Math.floor((energyWh * PRICE_KOBO) / 1000);
    await running.getByLabel("Meter reading (kWh)").fill("1212.845");
    await running.getByRole("button", { name: "Stop" }).click();
    await expect(running.getByTestId("stopped-result")).toContainText(`Stopped: 12.35 kWh, ${money(costKobo)}`);
    await page.reload();
    await expect(page.getByTestId("running-session").filter({ hasText: DEMO_DRIVER.code })).toHaveCount(0);
    await expect(page.getByTestId("recent-session").first()).toContainText(DEMO_DRIVER.code);

    // The driver downloads the statement.
    const driver = await browser.newContext({ storageState: signedIn("customer") });
    try {
      const res = await driver.request.get("/zavcharge/statement.csv");
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/csv");
      expect(res.headers()["content-disposition"]).toMatch(
        new RegExp(`^attachment; filename="zavcharge-statement-${DEMO_DRIVER.code}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
      expect(rows[0]).toEqual(["Date", "Time", "Station", "Slot", "Energy", "Duration", "Cost", "Status"]);
      const blank = rows.findIndex((r) => r.length === 1 && r[0] === "");
      const sessions = rows.slice(1, blank);
      const totals = Object.fromEntries(rows.slice(blank + 1).map((r) => [r[0], r[1]]));
      // The newest session first: this one.
      expect(sessions[0]).toEqual([
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expect.stringMatching(/^\d{2}:\d{2}$/),
        STATION,
        String(SLOT),
        "12.35 kWh",
        expect.any(String),
        money(costKobo),
        "Completed",
      ]);
      expect(Number(totals["Sessions"])).toBe(sessions.length);
      expect(naira(totals["Amount spent"]!)).toBe(sessions.reduce((sum, r) => sum + (r[6] === "-" ? 0 : naira(r[6]!)), 0));
      expect(totals["Generated at"]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
      const balanceKobo = naira(totals["Balance"]!);

      // The history page shows the same session and totals.
      const history = await driver.newPage();
      await history.goto("/zavcharge/history");
      await expect(history.getByRole("heading", { name: "Charging history" })).toBeVisible();
      await expect(history.getByTestId("total-sessions")).toHaveText(String(sessions.length));
      await expect(history.getByTestId("total-spent")).toHaveText(totals["Amount spent"]!);
      await expect(history.getByTestId("total-balance")).toHaveText(money(balanceKobo));
      await expect(history.getByTestId("history-row").first()).toContainText(money(costKobo));
      const pdf = await driver.request.get("/zavcharge/statement.pdf");
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // The subscriber's ledger: the debit, with the balance after it equal to the statement's balance.
      await page.goto(`/staff/zavcharge/subscribers/${DEMO_DRIVER.code}`);
      const debit = page.getByTestId("ledger-row").first();
      await expect(debit).toContainText(`Charging at ${STATION}, slot ${SLOT}`);
      await expect(debit).toContainText(`−${money(costKobo)}`);
      await expect(debit).toContainText(money(balanceKobo));
      await expect(page.getByTestId("subscriber-balance")).toHaveText(money(balanceKobo));
    } finally {
      await driver.close();
    }
  });

  test("the statement is refused to anyone without a ZavCharge account", async ({ request }) => {
    // Staff have no ZavCharge account: the guard offers them to join, and a visitor to sign in.
    const res = await request.get("/zavcharge/statement.csv", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe("/zavcharge/join");
    const anonymous = await newRequest.newContext({ baseURL: BASE, storageState: { cookies: [], origins: [] } });
    const visitor = await anonymous.get("/zavcharge/statement.csv", { maxRedirects: 0 });
    expect(visitor.headers()["location"]).toContain("/?login=true");
    await anonymous.dispose();
  });
});

test.describe("without JavaScript", () => {
  test.use({ storageState: signedIn("staff"), javaScriptEnabled: false });
  test("the start form posts and the page says what is missing", async ({ page }) => {
    await page.goto("/staff/zavcharge/sessions");
    await page.getByLabel("Subscription ID").fill(DEMO_DRIVER.code);
    await page.getByRole("button", { name: "Start charging" }).click();
    await expect(page).toHaveURL(/\/staff\/zavcharge\/sessions$/);
    await expect(page.getByText("Please enter both Subscription ID and PIN")).toBeVisible();
    await expect(page.getByText("Not started")).toBeVisible();
  });
});

test.describe("screens", () => {
  for (const width of [375, 1280]) {
    test(`the figures and the history at ${width} px`, { tag: "@markup" }, async ({ browser }) => {
      const staff = await browser.newContext({ storageState: signedIn("staff"), viewport: { width, height: 900 } });
      const customer = await browser.newContext({ storageState: signedIn("customer"), viewport: { width, height: 900 } });
      try {
        const page = await staff.newPage();
        await page.goto("/staff/zavcharge");
        await expect(page.getByRole("heading", { name: "ZavCharge", level: 1 })).toBeVisible();
        await expect(page.getByTestId("chart-sessions").locator("svg:visible rect").first()).toBeVisible();
        await expect(page.getByRole("link", { name: "Stations" })).toHaveAttribute("href", "/staff/zavcharge/stations");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/screens/staff-zavcharge-${width}.png`, fullPage: true });
        const history = await customer.newPage();
        await history.goto("/zavcharge/history");
        await expect(history.getByRole("heading", { name: "Charging history" })).toBeVisible();
        expect(await history.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await history.screenshot({ path: `test-results/screens/zavcharge-history-${width}.png`, fullPage: true });
      } finally {
        await staff.close();
        await customer.close();
      }
    });
  }
});
