import { describe, expect, it } from "vitest";
import { campaignOf, countsAsVisitor, deviceClass, fillDays, lastDays, referrerHost, visitedPage } from "./visits";

// Which requests count as visits and what is kept of them (docs/product/visits.md).

const PHONE = "Mozilla/5.0 (Linux; Android 13; TECNO KI7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const TABLET =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe("what counts as a visit", () => {
  it("honours Do-Not-Track and Global Privacy Control, and leaves robots out", () => {
    expect(countsAsVisitor({ userAgent: PHONE })).toBe(true);
    expect(countsAsVisitor({ userAgent: PHONE, dnt: "1" })).toBe(false);
    expect(countsAsVisitor({ userAgent: PHONE, gpc: "1" })).toBe(false);
    expect(countsAsVisitor({ userAgent: PHONE, dnt: "0" })).toBe(true);
    expect(countsAsVisitor({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBe(false);
    expect(countsAsVisitor({ userAgent: "curl/8.4.0" })).toBe(false);
    expect(countsAsVisitor({ userAgent: "node" })).toBe(false);
    expect(countsAsVisitor({ userAgent: "" })).toBe(false);
  });

  it("tells phones, tablets and computers apart", () => {
    expect([PHONE, TABLET, DESKTOP].map(deviceClass)).toEqual(["phone", "tablet", "desktop"]);
  });

  it("counts pages and client-side navigations, never files or back-office pages", () => {
    expect(visitedPage("/store", true)).toBe("/store");
    expect(visitedPage("/store/", true)).toBe("/store");
    expect(visitedPage("/store/solar-lighting-kit.data", false)).toBe("/store/solar-lighting-kit");
    expect(visitedPage("/_root.data", false)).toBe("/");
    expect(visitedPage("/store", false)).toBeNull(); // an API-style request, not a page
    for (const path of [
      "/assets/root-abc.js",
      "/uploads/a.webp",
      "/admin/dashboard",
      "/staff/orders",
      "/api/webhooks/paystack",
      "/favicon.ico",
      "/sitemap.xml",
    ])
      expect(visitedPage(path, true)).toBeNull();
  });

  it("keeps the referrer's host only when it is another site, and the campaign tags trimmed", () => {
    expect(referrerHost("https://www.google.com/search?q=solar+ibadan", "zavolah.ng")).toBe("www.google.com");
    expect(referrerHost("https://zavolah.ng/store", "zavolah.ng")).toBeNull();
    expect(referrerHost("not a url", "zavolah.ng")).toBeNull();
    expect(campaignOf(new URLSearchParams("utm_source=Instagram&utm_medium=story&utm_campaign=Detty-December"))).toEqual({
      source: "instagram",
      medium: "story",
      campaign: "detty-december",
    });
    expect(campaignOf(new URLSearchParams("q=inverter"))).toEqual({ source: null, medium: null, campaign: null });
  });

  it("fills the 30 Lagos days with zeros where nothing was seen", () => {
    const days = lastDays(new Date("2026-11-24T23:30:00Z"), 30);
    expect(days.at(-1)).toBe("2026-11-25");
    const filled = fillDays([{ day: "2026-11-25", visitors: 3, views: 7 }], days, (day) => ({ day, visitors: 0, views: 0 }));
    expect(filled).toHaveLength(30);
    expect(filled.at(-1)).toEqual({ day: "2026-11-25", visitors: 3, views: 7 });
    expect(filled[0]).toEqual({ day: "2026-10-27", visitors: 0, views: 0 });
  });
});
