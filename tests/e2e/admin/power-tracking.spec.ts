import { expect, test } from "@playwright/test";
import { BASE, hydrated, signedIn } from "../support";

// Power tracking (docs/product/power-tracking.md): the demo fleet is listed, the simulator's readings reach an
// installation's page live, a new installation's key (shown once) lets its gateway post a reading whose alarm an admin
// acknowledges, and the demo customer sees their own system on their dashboard.

test("the fleet is live, a new gateway's alarm is acknowledged, and the customer sees their system", async ({ browser, playwright }) => {
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await admin.goto("/admin/power-tracking");
  const fleet = admin.getByTestId("fleet");
  for (const site of ["Eze residence, Lekki Phase 1", "Musa & Partners office, Wuse II", "Amadi clinic, GRA Phase 2"])
    await expect(fleet).toContainText(site);
  await expect(fleet).toContainText("Underperforming against the fleet");

  // Live: the simulator posts every few seconds; the page hears of it over /ws and the reading's time moves on.
  await admin.getByRole("link", { name: "Eze residence, Lekki Phase 1" }).click();
  await hydrated(admin);
  const at = admin.getByTestId("live-at");
  await expect(at).toContainText("Reading of");
  const first = (await at.textContent())!;
  await expect(at).not.toHaveText(first, { timeout: 15_000 });
  await expect(admin.getByTestId("energy-table")).toBeAttached();

  // A new installation: its key is shown once and authenticates its gateway's readings.
  await admin.goto("/admin/power-tracking");
  await hydrated(admin);
  const site = `Journey site ${Date.now().toString(36)}`;
  await admin.getByLabel("Site name").fill(site);
  await admin.getByLabel("Customer's name").fill("Tobi Journey");
  await admin.getByLabel("Town or city").fill("Osogbo");
  await admin.getByLabel("State").fill("Osun");
  await admin.getByLabel("Panels (kWp)").fill("3");
  await admin.getByLabel("Inverter (kVA)").fill("3.5");
  await admin.getByRole("button", { name: "Add installation" }).click();
  const key = (await admin.getByTestId("new-key-value").textContent())!.trim();
  const href = (await admin.getByTestId("new-key").getByRole("link", { name: "Open the installation" }).getAttribute("href"))!;
  const id = href.split("/").at(-1);

  const gateway = await playwright.request.newContext({ baseURL: BASE });
  const reading = {
    timestamp: new Date().toISOString(),
    power: { pvW: 1200, loadW: 400, gridW: 0, batteryW: 0 },
    counters: { pvWh: 5000, loadWh: 3000, gridImportWh: 0, generatorWh: 0 },
    socPct: null,
    grid: "outage",
    generator: "off",
    alarms: [{ code: "INV_OVERTEMP", severity: "critical", message: "Inverter over temperature" }],
  };
  const url = `/api/power/installations/${id}/readings`;
  expect((await gateway.post(url, { data: reading, headers: { authorization: "Bearer zpk_wrong" } })).status()).toBe(401);
  const ok = await gateway.post(url, { data: reading, headers: { authorization: `Bearer ${key}` } });
  expect(ok.status()).toBe(200);
  await gateway.dispose();

  await admin.goto(href);
  await hydrated(admin);
  const alarm = admin.getByTestId("alarm-INV_OVERTEMP");
  await expect(alarm).toContainText("Inverter over temperature");
  await alarm.getByRole("button", { name: "Acknowledge INV_OVERTEMP" }).click();
  await expect(alarm).toContainText("acknowledged by Adaeze Okonkwo");
  await expect(admin.getByTestId("live-grid")).toHaveText("Outage");

  // The demo customer owns the Lekki system: it is on their dashboard, nobody else's is.
  const customer = await (await browser.newContext({ storageState: signedIn("customer") })).newPage();
  await customer.goto("/client-dashboard");
  await expect(customer.getByRole("heading", { name: "My solar system: Eze residence, Lekki Phase 1" })).toBeVisible();
  await expect(customer.getByTestId("live-pv")).toBeVisible();
  await expect(customer.getByText("Wuse II")).toHaveCount(0);
  // The bars by week come with the address (?period=week): the table lists weeks; the battery's day is still there.
  await customer.getByRole("link", { name: "Weeks" }).click();
  await expect(customer).toHaveURL(/period=week/);
  await customer.getByRole("region", { name: "Eze residence, Lekki Phase 1: energy" }).getByText("Show as a table").click();
  await expect(customer.getByTestId("energy-table").getByRole("rowheader").first()).toContainText("Week of");
  await expect(customer.getByText(/Lowest \d+%, highest \d+% in the last 24 hours/)).toBeVisible();
});
