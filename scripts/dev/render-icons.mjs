// Renders public/favicon.svg to the 192 and 512 px PNG icons the web manifest lists (run after editing the SVG).
// "any" icons keep the artwork edge to edge; the maskable one adds the safe-zone padding Android crops into.
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
const svg = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const [size, name, pad] of [
  [192, "icon-192.png", 0],
  [512, "icon-512.png", 0],
  [512, "icon-maskable-512.png", 0.1],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * (1 - 2 * pad));
  await page.setContent(
    `<html><body style="margin:0;background:${pad ? "#0a120d" : "transparent"};display:grid;place-items:center;width:${size}px;height:${size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace("<svg", `<svg width="${inner}" height="${inner}"`)}</div></body></html>`,
  );
  await page.screenshot({ path: `public/images/${name}`, omitBackground: !pad });
  await page.close();
}
await browser.close();
