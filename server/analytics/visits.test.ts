import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { flushVisits, recordAddToCart, recordVisit, visitOf, visitorHash, type TVisitRequest } from "./record-visit";
import { siteVisits } from "./schema";
import { getVisitReport } from "./visit-report";
import { pruneVisits, VISIT_RETENTION_DAYS } from "./prune-visits";

// First-party visits (docs/product/visits.md): what is kept of a request, the daily visitor hash, the reports.

useTestDatabase();

const PHONE = "Mozilla/5.0 (Linux; Android 13; TECNO KI7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const request = (over: Partial<TVisitRequest> = {}): TVisitRequest => ({
  method: "GET",
  url: "/store?utm_source=instagram&utm_campaign=harmattan-sale",
  host: "zavolah.ng",
  ip: "102.89.34.17",
  accept: "text/html,application/xhtml+xml",
  userAgent: PHONE,
  referer: "https://l.instagram.com/",
  dnt: null,
  gpc: null,
  ...over,
});

describe("site visits", () => {
  it("keeps the page, referrer host, campaign and device, and a hash that changes every Lagos day, never the address", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    const row = visitOf(request(), now)!;
    expect(row).toMatchObject({
      path: "/store",
      referrerHost: "l.instagram.com",
      utmSource: "instagram",
      utmCampaign: "harmattan-sale",
      device: "phone",
      kind: "page",
    });
    expect(JSON.stringify(row)).not.toContain("102.89.34.17");
    expect(JSON.stringify(row)).not.toContain("TECNO");
    const sameDay = visitorHash("102.89.34.17", PHONE, new Date("2026-11-25T22:59:00Z"));
    expect(visitorHash("102.89.34.17", PHONE, now)).toBe(sameDay);
    // 23:00 UTC is midnight in Lagos: a new day, a new hash.
    expect(visitorHash("102.89.34.17", PHONE, new Date("2026-11-25T23:00:00Z"))).not.toBe(sameDay);
    expect(visitorHash("102.89.34.18", PHONE, now)).not.toBe(sameDay);
    expect(visitOf(request({ dnt: "1" }), now)).toBeNull();
    expect(visitOf(request({ gpc: "1" }), now)).toBeNull();
    expect(visitOf(request({ method: "POST" }), now)).toBeNull();
    expect(visitOf(request({ url: "/admin/dashboard" }), now)).toBeNull();
  });

  it("writes the visits kept in one go and reports visitors, pages, referrers, campaigns and the funnel", async () => {
    const before = await getVisitReport();
    recordVisit(request());
    recordVisit(request({ url: "/store/solar-lighting-kit.data", accept: "*/*", referer: "https://zavolah.ng/store" }));
    recordVisit(request({ url: "/checkout", referer: "https://zavolah.ng/cart" }));
    recordAddToCart({ ip: "102.89.34.17", userAgent: PHONE, dnt: null, gpc: null });
    // Another person, on a computer, who asked not to be tracked: nothing kept.
    recordVisit(request({ ip: "41.58.1.2", dnt: "1" }));
    recordVisit(
      request({
        ip: "41.58.9.9",
        url: "/about",
        referer: "https://www.google.com/",
        userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120",
      }),
    );
    expect(await flushVisits()).toBe(5);
    expect(await flushVisits()).toBe(0);
    expect(await getDb().select().from(siteVisits)).toHaveLength(before.days.reduce((s, d) => s + d.views, 0) + 5);

    const report = await getVisitReport();
    const today = report.days.at(-1)!;
    expect(today.visitors - before.days.at(-1)!.visitors).toBe(2);
    expect(today.views - before.days.at(-1)!.views).toBe(4);
    const funnel = report.funnel.at(-1)!;
    expect(funnel).toMatchObject({ visitors: today.visitors });
    expect(funnel.productViewers - before.funnel.at(-1)!.productViewers).toBe(1);
    expect(funnel.addedToCart - before.funnel.at(-1)!.addedToCart).toBe(1);
    expect(funnel.reachedCheckout - before.funnel.at(-1)!.reachedCheckout).toBe(1);
    expect(report.topPages.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/store", "/store/solar-lighting-kit", "/checkout", "/about"]),
    );
    expect(report.referrers).toEqual(
      expect.arrayContaining([
        { host: "l.instagram.com", visitors: 1 },
        { host: "www.google.com", visitors: 1 },
      ]),
    );
    expect(report.campaigns).toContainEqual({ source: "instagram", medium: null, campaign: "harmattan-sale", visitors: 1 });
    expect(report.devices.phone - before.devices.phone).toBe(1);
    expect(report.devices.desktop - before.devices.desktop).toBe(1);
  });

  it(`removes visits older than ${VISIT_RETENTION_DAYS} days and keeps the rest`, async () => {
    const now = new Date();
    const old = visitOf(request(), new Date(now.getTime() - (VISIT_RETENTION_DAYS + 1) * 86_400_000))!;
    const recent = visitOf(request(), new Date(now.getTime() - (VISIT_RETENTION_DAYS - 1) * 86_400_000))!;
    await getDb().insert(siteVisits).values([old, recent]);
    const countBefore = (await getDb().select().from(siteVisits)).length;
    expect(await pruneVisits(now)).toBe(1);
    expect(await getDb().select().from(siteVisits)).toHaveLength(countBefore - 1);
  });
});
