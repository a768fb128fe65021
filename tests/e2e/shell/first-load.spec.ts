import { expect, test } from "@playwright/test";
import { hydrated } from "../support";

// What a first visit downloads, as the browser sees it: the budget scripts/check-client-bundle.mjs holds the build to
// (home's first-load JS, gzipped) counts the same files. With lazy route discovery the route manifest file is never
// loaded; if it were, the bundle check would have to count it.

test("a first visit to home loads its scripts within the budget, and never the route manifest", async ({ page }) => {
  const scripts: { file: string; bytes: number }[] = [];
  page.on("response", async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith(".js")) return;
    scripts.push({ file: url.pathname, bytes: Number((await res.allHeaders())["content-length"] ?? 0) });
  });
  await page.goto("/");
  await hydrated(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(scripts.filter((s) => /\/manifest-[^/]*\.js$/.test(s.file))).toEqual([]);
  expect(
    scripts.every((s) => s.bytes > 0),
    "each script compressed, with its length",
  ).toBe(true);
  // The frame's code comes in one file (vite.config.ts, "shell"): each file is a round trip on a phone's link. It was
  // 23 files before that, 9 after.
  expect(scripts.length, scripts.map((s) => s.file).join(", ")).toBeLessThanOrEqual(10);
  const kb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
  expect(kb).toBeLessThanOrEqual(130);
});

// On a slow connection the stylesheet and the page's text come first, the scripts after them
// (docs/product/site-shell.md#loading-order): the browser is asked for the scripts at low priority.
test("a first visit asks for the stylesheet first and for the scripts at low priority", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const asked: { url: string; type: string; priority: string }[] = [];
  cdp.on("Network.requestWillBeSent", (e) => asked.push({ url: e.request.url, type: e.type ?? "", priority: e.request.initialPriority }));
  await page.goto("/academy/solar-installation-fundamentals");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const scripts = asked.filter((r) => r.type === "Script");
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((r) => r.priority !== "Low").map((r) => r.url)).toEqual([]);
  expect(asked.find((r) => r.type === "Stylesheet")?.priority).toBe("VeryHigh");
  const headOrder = await page.evaluate(() =>
    [...document.head.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"]')].map((l) => l.getAttribute("rel")),
  );
  expect(headOrder.indexOf("stylesheet")).toBeLessThan(headOrder.indexOf("modulepreload"));
});
