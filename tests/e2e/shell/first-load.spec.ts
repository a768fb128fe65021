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
