import { expect, test, type Page } from "@playwright/test";
import { hydrated, joinZavChargeOnTheSite, signedIn, signedInNewCustomer } from "../support";
import { startSimulatedCharger } from "./simulated-charger";

// Staff watch and command the chargers (docs/product/zavcharge.md#chargers). Bodija's charger (ZAV-CP-005) is this
// file's own: no other journey uses that station, and its two journeys take turns with it.

test.describe.configure({ mode: "serial" });

/** The Chargers list's card of Bodija's charger. */
const bodijaCard = (staff: Page) => staff.getByTestId("charger").filter({ hasText: "ZAV-CP-005" });

test("staff see a charger come online and send it a command", async ({ browser }) => {
  const staffContext = await browser.newContext({ storageState: signedIn("staff") });
  const staff = await staffContext.newPage();
  await staff.goto("/staff/zavcharge");
  await staff.getByRole("link", { name: "Chargers" }).click();
  const card = bodijaCard(staff);
  await expect(card.getByTestId("charger-connection")).toHaveText("Offline");

  // The charger connects and boots.
  const charger = startSimulatedCharger("ZAV-CP-005", ["--power", "22", "--interval", "1", "--minutes", "10"]);
  try {
    // The list is read when the page loads: reloaded until the charger is online and its boot (firmware sim-1) is in,
    // which can come a moment after the connection opens.
    await expect(async () => {
      await staff.reload();
      await expect(card.getByTestId("charger-connection")).toHaveText("Online", { timeout: 1000 });
      await expect(card).toContainText("sim-1", { timeout: 1000 });
    }, "the simulated charger connects and boots").toPass({ timeout: 30_000 });

    await card.getByRole("link", { name: "ZAV-CP-005" }).click();
    await expect(staff.getByRole("heading", { name: "ZAV-CP-005" })).toBeVisible();
    await expect(staff.getByTestId("charger-message").filter({ hasText: "BootNotification" }).first()).toBeVisible();
    await hydrated(staff);
    const unlock = staff.getByRole("form", { name: "Unlock connector" });
    await unlock.getByLabel("Connector to unlock").selectOption("2");
    await unlock.getByRole("button", { name: "Unlock connector" }).click();
    await expect(staff.getByText("The charger answered: Unlocked")).toBeVisible();
    await staff.reload();
    await expect(staff.getByTestId("charger-message").filter({ hasText: "UnlockConnector" }).first()).toBeVisible();
  } finally {
    charger.child.kill("SIGKILL");
    await staffContext.close();
  }
});

test("staff close by hand a session its charger abandoned", async ({ browser, page }) => {
  // A driver of its own, whose subscription id is the card the charger is shown.
  await signedInNewCustomer(page.request, browser, "Emeka Obi");
  await joinZavChargeOnTheSite(page, "582047");
  const code = (await page.locator("strong.font-mono").first().innerText()).trim();
  const staffContext = await browser.newContext({ storageState: signedIn("staff") });
  const staff = await staffContext.newPage();

  // The charger charges the driver's card, then vanishes without a stop.
  const charger = startSimulatedCharger("ZAV-CP-005", ["--card", code, "--power", "22", "--interval", "1", "--minutes", "10"]);
  try {
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("live-session")).toBeVisible({ timeout: 1000 });
    }, "the card's session starts").toPass({ timeout: 30_000 });
    charger.child.kill("SIGKILL");
    await expect(async () => {
      await staff.goto("/staff/zavcharge/chargers");
      await expect(staff.getByTestId("stale-session").filter({ hasText: code })).toHaveCount(1, { timeout: 1000 });
    }, "the charger is seen offline").toPass({ timeout: 30_000 });
    await expect(bodijaCard(staff).getByTestId("charger-connection")).toHaveText("Offline");

    await hydrated(staff);
    const stale = staff.getByTestId("stale-session").filter({ hasText: code });
    await stale.getByRole("button", { name: /Close session/ }).click();
    await expect(stale.getByText("Say why the session is closed by hand")).toBeVisible();
    await stale.getByLabel("Reason").fill("Charger lost power at Bodija; no stop received");
    await stale.getByRole("button", { name: /Close session/ }).click();
    await expect(staff.getByText(/Session \d+ closed/)).toBeVisible();
    await expect(staff.getByTestId("stale-session").filter({ hasText: code })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId("live-session")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Recent charging" })).toContainText("ZavCharge Bodija, slot 1");
  } finally {
    charger.child.kill("SIGKILL");
    await staffContext.close();
  }
});
