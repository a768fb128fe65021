import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "./script-preloads.server";

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/framework.js"/>' +
  "<title>Solar Installation Fundamentals — Zavolah Academy</title></head><body><p>Ọ̀ṣun State, ₦250,000</p>" +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

/** The page as the browser receives it when the renderer writes it in pieces of `size` bytes. */
async function throughTransform(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return text(Readable.from(pieces).pipe(lowPriorityScriptPreloads()));
}

describe("script preloads at low priority (docs/product/site-shell.md#loading-order)", () => {
  it("asks for low priority on every script preload in the head, however the renderer cut the page", async () => {
    for (const size of [1, 3, 7, 16, 64, 4096]) {
      const html = await throughTransform(page, size);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
      expect(head).not.toMatch(/<link rel="modulepreload" href=/);
      // The rest of the page, accents and naira sign included, arrives as written.
      expect(html.replace(/ fetchpriority="low"/g, "")).toBe(page);
    }
  });

  it("leaves the body alone, and passes on a page without a head unchanged", async () => {
    const html = await throughTransform(page, 32);
    expect(html).toContain('<link rel="modulepreload" href="/assets/late.js"/>');
    const fragment = '<p>No head here</p><link rel="modulepreload" href="/x.js"/>'.repeat(2000);
    expect(await throughTransform(fragment, 1000)).toBe(fragment);
  });
});
