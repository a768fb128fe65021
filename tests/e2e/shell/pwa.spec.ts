import { expect, test } from "@playwright/test";
import { hydrated } from "../support";
import { servedPage } from "../served-page";

// The only journeys with the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

test("/sw.js is served as JavaScript and is re-checked on every visit", async ({ request }) => {
  const res = await request.get("/sw.js");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  expect(await res.text()).toContain('addEventListener("fetch"');
});

test("the manifest is linked, valid JSON, and its icons exist", async ({ request }) => {
  const href = (await servedPage(request, "/")).link("manifest");
  expect(href).toBe("/manifest.webmanifest");
  const res = await request.get(href!);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = JSON.parse(await res.text()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: "Zavolah", start_url: "/", display: "standalone" });
  const sizes = manifest.icons.map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe(icon.type);
  }
});

test("the service worker activates after load and shows the offline page when the network drops", async ({ page, context }) => {
  await page.goto("/");
  await hydrated(page);
  const worker = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, state: registration.active?.state, script: registration.active?.scriptURL };
    });
  await expect.poll(async () => (await worker()).state).toBe("activated");
  const state = await worker();
  expect(new URL(state.script!).pathname).toBe("/sw.js");
  expect(new URL(state.scope).pathname).toBe("/");
  // The worker claims open pages when it activates: it now answers this page's navigations.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  try {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/about");
    // The offline page is the anonymous one: never a signed-in page kept from an earlier visit.
    expect(await page.locator("html").getAttribute("lang")).toBe("en-NG");
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "We build homes that power themselves" })).toBeVisible();
});
