import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "../accessibility-check";
import { hydrated, signedIn } from "../support";

// The ZavCharge network (docs/product/zavcharge.md#stations-and-slots) as visitors and staff use it: find
// stations by city, add a station with a slot and a maintenance window, and watch availability change live.
// Each staff journey works in a city of its own, so journeys running side by side do not see each other's stations.

const stations = (page: Page) => page.getByRole("region", { name: "Stations" });
const cards = (page: Page) => page.getByTestId("station-card");

async function staffPage(browser: Browser) {
  const context = await browser.newContext({ storageState: signedIn("staff") });
  return context.newPage();
}

/** Staff add a station in `city` and one slot, through the staff screens; returns its edit page. */
async function addStation(page: Page, name: string, city: string, state: string) {
  await page.goto("/staff/zavcharge/stations");
  await expect(page.getByRole("heading", { level: 1, name: "ZavCharge stations" })).toBeVisible();
  const form = page.getByRole("form", { name: "New station" });
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await form.getByLabel("Station name").fill(name);
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Address").fill("12 Nnebisi Road");
  await form.getByLabel("City").fill(city);
  await form.getByLabel("State").fill(state);
  await form.getByLabel("Latitude").fill("6.2");
  await form.getByLabel("Longitude").fill("6.73");
  await form.getByLabel("Price per kWh (₦)").fill("two hundred");
  await form.getByLabel("Features").fill("Solar canopy, Security");
  await form.getByRole("button", { name: "Add station" }).click();
  // Refused: the message is beside the field, what was typed is kept, and nothing was added.
  await expect(form.getByText("The price per kWh must be an amount in naira between ₦1 and ₦100,000")).toBeVisible();
  await expect(form.getByLabel("Station name")).toHaveValue(name);
  await expect(page.getByTestId("staff-station-row").filter({ hasText: name })).toHaveCount(0);

  await form.getByLabel("Price per kWh (₦)").fill("230");
  await form.getByRole("button", { name: "Add station" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/zavcharge\/stations\/\d+$/);

  const slot = page.getByRole("form", { name: "New slot" });
  await slot.getByLabel("Connector").selectOption("CCS2");
  await slot.getByLabel("Power (kW)").fill("60");
  await slot.getByRole("button", { name: "Add slot" }).click();
  await expect(page.getByTestId("staff-slot")).toHaveCount(1);
  await expect(page.getByText("1 of 1 slots available now.")).toBeVisible();
  return { slug };
}

test("a visitor finds stations by city and filter, and sees the empty state", async ({ page }) => {
  await page.goto("/zavcharge");
  await expect(page.getByRole("heading", { level: 1, name: "ZavCharge Network" })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const search = page.getByRole("search", { name: "Find a station" });
  await search.getByLabel("City").fill("Ibadan");
  await search.getByRole("button", { name: "Find stations" }).click();
  await expect(page).toHaveURL(/city=Ibadan/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByTestId("station-city")).toHaveText(["Ibadan"]);
  await expect(stations(page).getByRole("status")).toHaveText(/^1 station, \d+ slots? available now$/);
  await expect(cards(page).getByRole("link", { name: /^Directions to / })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+,-?\d+\.\d+$/,
  );

  // Lagos has several stations; only its offline or maintenance ones when asked for.
  await page.goto("/zavcharge?city=Lagos");
  const lagos = await cards(page).count();
  expect(lagos).toBeGreaterThan(1);
  for (const city of await cards(page).getByTestId("station-city").allTextContents()) expect(city).toBe("Lagos");
  await page.getByRole("search").getByLabel("Connector").selectOption("CHAdeMO");
  await page.getByRole("search").getByRole("button", { name: "Find stations" }).click();
  await expect(page).toHaveURL(/connector=CHAdeMO/);
  await expect(page.getByTestId("network-empty")).toContainText("No station matches these filters");
  await expect(cards(page)).toHaveCount(0);

  await page.goto("/zavcharge?city=Sokoto");
  await expect(page.getByRole("heading", { name: "No station matches these filters" })).toBeVisible();
  await page.getByRole("link", { name: "See all stations" }).click();
  await expect(cards(page).first()).toBeVisible();
  // No tile source in this environment: the list stands on its own and the map area says so.
  await expect(page.getByTestId("map-unavailable")).toBeVisible();
});

test("staff add a station with a slot and schedule maintenance; the network page shows it", async ({ browser, page }) => {
  const staff = await staffPage(browser);
  const name = `ZavCharge Asaba ${Date.now().toString(36)}`;
  const { slug } = await addStation(staff, name, "Asaba", "Delta");

  const maintenance = staff.getByRole("form", { name: "Schedule maintenance" });
  await maintenance.getByLabel("Starts (Lagos time)").fill("2030-06-01T10:00");
  await maintenance.getByRole("button", { name: "Schedule maintenance" }).click();
  await expect(staff.getByTestId("staff-maintenance")).toHaveText("Maintenance on 1 Jun 2030, 10:00, for 2 hours");
  await staff.context().close();

  await page.goto("/zavcharge?city=Asaba");
  const card = cards(page).filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("station-availability")).toHaveText("1 of 1");
  await expect(card).toContainText("₦230");
  await expect(card).toContainText("1 × CCS2 60 kW");
  await expect(card.getByTestId("station-maintenance")).toHaveText("Maintenance on 1 Jun 2030, 10:00, for 2 hours");
  await expect(card.getByTestId("station-status")).toHaveText("Online");
  await card.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/zavcharge/stations/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Slot 1: CCS2, 60 kW")).toBeVisible();
});

test("with the network page open, a slot taken out of order and a station set offline update the counts without a reload", async ({
  browser,
  page,
}) => {
  const staff = await staffPage(browser);
  const name = `ZavCharge Calabar ${Date.now().toString(36)}`;
  await addStation(staff, name, "Calabar", "Cross River");

  await page.goto("/zavcharge?city=Calabar");
  await hydrated(page);
  await expect(page.locator("[data-live=open]")).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const card = cards(page).filter({ hasText: name });
  await expect(card.getByTestId("station-availability")).toHaveText("1 of 1");

  const slot = staff.getByTestId("staff-slot").first();
  await slot.getByLabel("Status").selectOption("out_of_order");
  await slot.getByRole("button", { name: "Save slot 1" }).click();
  await expect(staff.getByText("0 of 1 slots available now.")).toBeVisible();
  await expect(card.getByTestId("station-availability")).toHaveText("0 of 1");

  await slot.getByLabel("Status").selectOption("available");
  await slot.getByRole("button", { name: "Save slot 1" }).click();
  await expect(card.getByTestId("station-availability")).toHaveText("1 of 1");

  const details = staff.getByRole("form", { name: "Station details" });
  await details.getByLabel("Status").selectOption("offline");
  await details.getByRole("button", { name: "Save station" }).click();
  await expect(card.getByTestId("station-status")).toHaveText("Offline");
  await expect(card.getByTestId("station-availability")).toHaveText("0 of 1");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await staff.context().close();
});

test("the network page at phone and desktop widths", { tag: "@markup" }, async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/zavcharge");
    await expect(cards(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/zavcharge-network-${width}.png`, fullPage: true });
    await page.screenshot({ path: `test-results/zavcharge-network-${width}-first-screen.png` });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/zavcharge-product");
  await expect(page.getByRole("heading", { level: 1, name: "ZavCharge Home Charger" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Buy in the store" })).toHaveAttribute("href", "/store/zavcharge-home-charger");
  await page.screenshot({ path: "test-results/zavcharge-product-375.png", fullPage: true });
  await page.screenshot({ path: "test-results/zavcharge-product-375-first-screen.png" });
  await page.getByRole("link", { name: "Buy in the store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ZavCharge Home Charger 7kW" })).toBeVisible();
});

test("the network, station and charger pages have no serious accessibility violations", { tag: "@markup" }, async ({ page }) => {
  for (const path of ["/zavcharge", "/zavcharge?city=Sokoto", "/zavcharge/stations/ikeja-gra", "/zavcharge-product"]) {
    await page.goto(path);
    await hydrated(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("the staff station pages have no serious accessibility violations", { tag: "@markup" }, async ({ browser }) => {
  const staff = await staffPage(browser);
  for (const path of ["/staff/zavcharge/stations", "/staff/zavcharge/stations/1"]) {
    await staff.goto(path);
    await hydrated(staff);
    expect(await seriousViolations(staff), path).toEqual([]);
  }
  await staff.context().close();
});
