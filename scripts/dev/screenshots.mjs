// Screenshots of pages at phone and desktop widths: node scripts/dev/screenshots.mjs BASE_URL OUT_DIR /path ...
import { chromium } from "@playwright/test";
const base = process.argv[2];
const out = process.argv[3];
const paths = process.argv.slice(4);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
});
for (const [name, width, height] of [
  ["phone", 360, 780],
  ["desktop", 1280, 900],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${p.replace(/[^a-z0-9]/gi, "_")}.png`, fullPage: true });
  }
}
await browser.close();
