import { expect, test } from "@playwright/test";
import { seriousViolations } from "../accessibility-check";
import { hydrated, signedInNewCustomer } from "../support";

// The Zavolah app signs in through the JSON gateway (docs/product/api-gateway.md): its phone appears among the
// account's signed-in devices, and signing it out there ends its tokens at once while the other phone stays signed in.

const api = { "X-API-Version": "1.0", "X-Platform": "mobile" };

test("a phone signed in through the app is listed on the account page and signed out from there", async ({ page, browser }) => {
  const email = await signedInNewCustomer(page.request, browser, "Ifeoma Chukwu");
  const signIn = async (id: string, name: string) => {
    const res = await page.request.post("/api/v1/auth/login", {
      headers: api,
      data: { email, password: "Sunshine2026!", platform: "mobile", deviceInfo: { id, type: "mobile", name } },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const tecno = await signIn("tecno-spark-20-ifeoma", "Ifeoma's Tecno Spark 20");
  const iphone = await signIn("iphone-13-ifeoma-01", "Ifeoma's iPhone 13");
  const me = (token: string) => page.request.get("/api/v1/me", { headers: { ...api, Authorization: `Bearer ${token}` } });
  expect((await me(tecno)).status()).toBe(200);

  await page.goto("/account");
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  await expect(devices.getByTestId("signed-in-device")).toHaveCount(2);
  await devices.getByRole("form", { name: "Sign out Ifeoma's Tecno Spark 20" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Device signed out", { exact: true })).toBeVisible();
  await expect(devices.getByTestId("signed-in-device")).toHaveCount(1);
  await expect(devices).toContainText("Ifeoma's iPhone 13");

  const ended = await me(tecno);
  expect(ended.status()).toBe(401);
  expect(await ended.json()).toMatchObject({ code: "unauthenticated" });
  expect((await me(iphone)).status()).toBe(200);
  await page.setViewportSize({ width: 360, height: 800 });
  await devices.screenshot({ path: "test-results/screens/account-devices-360.png" });
});

test("the API reference page lists every operation and has no serious accessibility violations", { tag: "@markup" }, async ({ page }) => {
  await page.goto("/api/v1/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Zavolah API 1.0" })).toBeVisible();
  const document = (await (await page.request.get("/api/v1/openapi.json")).json()) as { paths: Record<string, object> };
  for (const path of Object.keys(document.paths))
    await expect(
      page.getByRole("heading", { level: 2, name: new RegExp(` /api/v1${path.replace(/[{}]/g, "\\$&")}$`) }).first(),
    ).toBeVisible();
  expect(await seriousViolations(page, {})).toEqual([]);
});

test("a customer pairs a device from the account page; its reports show there, and signing it out ends its credential", async ({
  page,
  browser,
}) => {
  await signedInNewCustomer(page.request, browser, "Ngozi Obi");
  await page.goto("/account");
  await hydrated(page);
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  const pairForm = devices.getByRole("form", { name: "Pair a device" });
  await pairForm.getByLabel("Device name").fill("Borehole pump controller");
  await pairForm.getByRole("button", { name: "Get a pairing code" }).click();
  const shown = devices.getByTestId("pairing-code");
  await expect(shown).toContainText("Pairing code for Borehole pump controller");
  const code = (await shown.locator(".font-mono").innerText()).trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The device, on site, pairs itself with the code and reports.
  const arduino = { "X-API-Version": "1.0", "X-Platform": "arduino" };
  const paired = await page.request.post("/api/v1/devices/pair", {
    headers: arduino,
    data: { code: code.toLowerCase(), deviceInfo: { id: `esp32-${Date.now()}` } },
  });
  expect(paired.status(), await paired.text()).toBe(201);
  const { credential } = (await paired.json()) as { credential: string };
  const device = { ...arduino, Authorization: `Bearer ${credential}` };
  const report = await page.request.post("/api/v1/device/status", { headers: device, data: { status: { pump: true, tankLevel: 72 } } });
  expect(report.status()).toBe(200);

  await page.reload();
  const row = devices.getByTestId("signed-in-device").filter({ hasText: "Borehole pump controller" });
  await expect(row.getByTestId("device-status")).toContainText("pump on · tankLevel 72");
  await expect(devices.getByTestId("pairing-code")).toHaveCount(0); // shown once
  await page.setViewportSize({ width: 360, height: 800 });
  await devices.screenshot({ path: "test-results/screens/account-paired-device-360.png" });
  await row.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Device signed out", { exact: true })).toBeVisible();
  expect((await page.request.get("/api/v1/device", { headers: device })).status()).toBe(401);
});
