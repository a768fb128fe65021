import { expect, test } from "@playwright/test";
import { hydrated, joinZavChargeOnTheSite, signedInNewCustomer } from "../support";
import { startSimulatedCharger } from "./simulated-charger";

// A driver charges without an attendant (docs/product/zavcharge.md#chargers): they start from the dashboard, the
// station's charger (the OCPP simulator, as a real charge point would) charges with live meter values, the server
// stops it when the cost reaches the driver's limit, and the session is settled once and on the statement.
// Port Harcourt GRA's charger (ZAV-CP-006) is this journey's own: no other journey uses that station.

const STATION = "ZavCharge Port Harcourt GRA";

test("a driver starts charging from the dashboard; at their ₦30 limit the server stops the charger; the statement shows the session", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInNewCustomer(page.request, browser, "Ibiere Amadi");
  await joinZavChargeOnTheSite(page, "731946");

  const simulator = startSimulatedCharger("ZAV-CP-006", ["--power", "60", "--interval", "1", "--minutes", "10", "--soc-start", "62"]);
  try {
    // The station is offered once its charger has connected and booted.
    const place = page.getByLabel("Station and slot");
    await expect(async () => {
      await page.reload();
      await expect(place.locator("option", { hasText: `${STATION}: slot 1` })).toHaveCount(1, { timeout: 1000 });
    }, "the simulated charger connects").toPass({ timeout: 30_000 });
    await hydrated(page);
    await place.selectOption({ label: `${STATION}: slot 1 · CCS2 · 60 kW` });
    await page.getByLabel("Stop after").selectOption("money");
    await page.getByLabel("Naira to spend").fill("30");
    await page.getByRole("button", { name: "Start charging" }).click();

    // Live: the energy and the cost climb as the charger's meter values arrive, without a reload.
    const live = page.getByTestId("live-session");
    await expect(live).toBeVisible({ timeout: 20_000 });
    await expect(live).toContainText(`${STATION}, slot 1`);
    await expect(live.getByTestId("live-soc")).not.toHaveText("—");
    await expect(live.getByTestId("live-cost")).not.toHaveText("₦0.00");

    // At ₦30 the server sends RemoteStopTransaction; the charger stops and the session is settled once.
    await expect(live).toHaveCount(0, { timeout: 40_000 });
    expect(simulator.output()).toContain("<- RemoteStopTransaction");
    const recent = page
      .getByRole("region", { name: "Recent charging" })
      .getByRole("listitem")
      .filter({ hasText: `${STATION}, slot 1` });
    await expect(recent).toHaveCount(1);
    // The row can arrive before the settled cost does (the list revalidates on the stop event): wait for the amount.
    const costText = recent.locator(".text-xs").last();
    await expect(costText).toHaveText(/^₦[\d,]+\.\d{2}$/);
    const cost = Number((await costText.innerText()).replace(/[₦,]/g, ""));
    expect(cost).toBeGreaterThanOrEqual(30);
    expect(cost).toBeLessThan(40); // one meter interval past the limit at most
    await expect(page.getByTestId("zavcharge-balance")).toHaveText(
      `₦${(1000 - cost).toLocaleString("en-NG", { minimumFractionDigits: 2 })}`,
    );

    await page.goto("/zavcharge/history");
    const row = page.getByTestId("history-row").filter({ hasText: STATION });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`₦${cost.toFixed(2)}`);
  } finally {
    simulator.child.kill("SIGTERM");
  }
});
