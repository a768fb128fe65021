import { expect, test } from "@playwright/test";
import { ROUTE_TABLE } from "../../../app/lib/route-table";

// docs/performance.md: every picture on a public page reserves its box, decodes off the main thread, and
// waits until it is near unless it is above the fold; raster pictures are WebP or AVIF.
const PAGES = ROUTE_TABLE.filter((r) => r.access.allow === "public" && !r.resource && !r.noindex && !r.path.includes(":")).map(
  (r) => r.path,
);

test(
  "every image on the public pages has width, height, async decoding, lazy loading below the fold and a modern format",
  { tag: "@markup" },
  async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const problems: string[] = [];
    for (const path of PAGES) {
      const res = await page.goto(path);
      if (res?.status() !== 200) continue; // a page switched off by a feature setting
      const images = await page.locator("img").evaluateAll((imgs) =>
        imgs.map((img) => {
          const el = img as HTMLImageElement;
          return {
            src: el.currentSrc || el.src,
            width: el.getAttribute("width"),
            height: el.getAttribute("height"),
            decoding: el.getAttribute("decoding"),
            loading: el.getAttribute("loading"),
            belowFold: el.getBoundingClientRect().top > window.innerHeight,
          };
        }),
      );
      for (const img of images) {
        const where = `${path}: ${img.src}`;
        if (!img.width || !img.height) problems.push(`${where} has no width/height`);
        if (img.decoding !== "async") problems.push(`${where} is not decoding="async"`);
        if (img.belowFold && img.loading !== "lazy") problems.push(`${where} is below the fold but not loading="lazy"`);
        if (/\.(png|jpe?g|gif)(\?|$)/i.test(img.src)) problems.push(`${where} is not WebP, AVIF or SVG`);
      }
    }
    expect(problems).toEqual([]);
  },
);
