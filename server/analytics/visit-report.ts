import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, like, sql } from "drizzle-orm";
import { fillDays, lastDays, VISIT_DAYS, type TDevice, type TFunnelDay, type TVisitReport } from "@domain/analytics/visits";
import { lagosDayStart } from "@domain/time/lagos-time";
import { getDb } from "../db/client";
import { orders } from "../orders/schema";
import { siteVisits } from "./schema";

const TOP = 10;

/**
 * The last 30 Lagos days of first-party visits (docs/product/visits.md#reports): visitors and page views by day, the
 * store funnel by day, the most seen pages, where visitors came from, campaigns and devices.
 */
export async function getVisitReport(now = new Date()): Promise<TVisitReport> {
  const days = lastDays(now, VISIT_DAYS);
  const since = lagosDayStart(days[0]!);
  const db = getDb();
  const day = sql<string>`to_char(${siteVisits.at} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`;
  const pages = and(gte(siteVisits.at, since), eq(siteVisits.kind, "page"));
  const visitorsWhere = (where: ReturnType<typeof and>) =>
    db
      .select({ day, n: countDistinct(siteVisits.visitorHash) })
      .from(siteVisits)
      .where(where)
      .groupBy(day);
  const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`;
  const [byDay, productViewers, addedToCart, reachedCheckout, paid, topPages, referrers, campaigns, devices] = await Promise.all([
    db
      .select({ day, visitors: countDistinct(siteVisits.visitorHash), views: count() })
      .from(siteVisits)
      .where(pages)
      .groupBy(day),
    visitorsWhere(and(pages, like(siteVisits.path, "/store/%"))),
    visitorsWhere(and(gte(siteVisits.at, since), eq(siteVisits.kind, "add_to_cart"))),
    visitorsWhere(and(pages, eq(siteVisits.path, "/checkout"))),
    db
      .select({ day: paidDay, n: count() })
      .from(orders)
      .where(and(gte(orders.paidAt, since), inArray(orders.status, ["paid", "processing", "shipped", "delivered", "refunded"])))
      .groupBy(paidDay),
    db
      .select({ path: siteVisits.path, views: count(), visitors: countDistinct(siteVisits.visitorHash) })
      .from(siteVisits)
      .where(pages)
      .groupBy(siteVisits.path)
      .orderBy(desc(count()), siteVisits.path)
      .limit(TOP),
    db
      .select({ host: siteVisits.referrerHost, visitors: countDistinct(siteVisits.visitorHash) })
      .from(siteVisits)
      .where(and(pages, isNotNull(siteVisits.referrerHost)))
      .groupBy(siteVisits.referrerHost)
      .orderBy(desc(countDistinct(siteVisits.visitorHash)))
      .limit(TOP),
    db
      .select({
        source: siteVisits.utmSource,
        medium: siteVisits.utmMedium,
        campaign: siteVisits.utmCampaign,
        visitors: countDistinct(siteVisits.visitorHash),
      })
      .from(siteVisits)
      .where(and(pages, isNotNull(siteVisits.utmSource)))
      .groupBy(siteVisits.utmSource, siteVisits.utmMedium, siteVisits.utmCampaign)
      .orderBy(desc(countDistinct(siteVisits.visitorHash)))
      .limit(TOP),
    db
      .select({ device: siteVisits.device, visitors: countDistinct(siteVisits.visitorHash) })
      .from(siteVisits)
      .where(pages)
      .groupBy(siteVisits.device),
  ]);
  const of = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const [viewers, carts, checkouts, paidOrders] = [of(productViewers), of(addedToCart), of(reachedCheckout), of(paid)];
  const visitDays = fillDays(
    byDay.map((r) => ({ day: r.day, visitors: Number(r.visitors), views: Number(r.views) })),
    days,
    (d) => ({ day: d, visitors: 0, views: 0 }),
  );
  const funnel: TFunnelDay[] = visitDays.map((d) => ({
    day: d.day,
    visitors: d.visitors,
    productViewers: viewers.get(d.day) ?? 0,
    addedToCart: carts.get(d.day) ?? 0,
    reachedCheckout: checkouts.get(d.day) ?? 0,
    paidOrders: paidOrders.get(d.day) ?? 0,
  }));
  const deviceCounts: Record<TDevice, number> = { phone: 0, tablet: 0, desktop: 0 };
  for (const d of devices) deviceCounts[d.device as TDevice] = Number(d.visitors);
  return {
    days: visitDays,
    funnel,
    topPages: topPages.map((p) => ({ path: p.path, views: Number(p.views), visitors: Number(p.visitors) })),
    referrers: referrers.map((r) => ({ host: r.host!, visitors: Number(r.visitors) })),
    campaigns: campaigns.map((c) => ({ source: c.source!, medium: c.medium, campaign: c.campaign, visitors: Number(c.visitors) })),
    devices: deviceCounts,
  };
}
