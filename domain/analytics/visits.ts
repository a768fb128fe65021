import { addDays, lagosToday } from "../time/lagos-time";

// First-party visit counting (docs/product/visits.md): which requests count as a visit, what is kept of them, and the
// reports' shapes. No raw address, no account, no third-party script; Do-Not-Track and Global Privacy Control are
// honoured. Isomorphic: the server records and sums, the page draws.

export const VISIT_DAYS = 30;
export type TDevice = "phone" | "tablet" | "desktop";

const BOT = /bot|crawl|spider|slurp|preview|headless|lighthouse|curl|wget|python-requests|node-fetch|undici|axios|go-http|^node$/i;

/** Someone who asked not to be tracked (DNT: 1 or Sec-GPC: 1), or a robot: no visit is kept. */
export function countsAsVisitor(headers: { dnt?: string | null; gpc?: string | null; userAgent?: string | null }): boolean {
  if (headers.dnt === "1" || headers.gpc === "1") return false;
  const ua = headers.userAgent ?? "";
  return ua.length > 0 && !BOT.test(ua);
}

export function deviceClass(userAgent: string): TDevice {
  if (/ipad|tablet|(android(?!.*mobile))/i.test(userAgent)) return "tablet";
  if (/mobi|iphone|android|opera mini/i.test(userAgent)) return "phone";
  return "desktop";
}

/** Back-office, machine and file addresses are not visits. */
const NOT_A_PAGE =
  /^\/(admin|staff|api|assets|uploads|ws|auth|\.well-known)(\/|$)|^\/(health|robots\.txt|sitemap\.xml|favicon\.ico|manifest\.webmanifest|sw\.js)$/;

/**
 * The page a GET is a visit of, or null: a document ("/store") or the data a client-side navigation loads
 * ("/store.data", "/_root.data" for "/"), never a file or a back-office page. Query strings are dropped.
 */
export function visitedPage(pathname: string, isDocument: boolean): string | null {
  let path = pathname;
  if (path.endsWith(".data")) {
    path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  } else if (!isDocument) return null;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (path.length > 200 || NOT_A_PAGE.test(path) || /\.[a-z0-9]{2,5}$/i.test(path)) return null;
  return path;
}

/** The host of a referrer from elsewhere ("www.google.com"), or null for our own pages and no referrer. */
export function referrerHost(referer: string | null | undefined, ownHost: string): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).host.toLowerCase();
    return host && host !== ownHost.toLowerCase() ? host.slice(0, 120) : null;
  } catch {
    return null;
  }
}

export type TCampaign = { source: string | null; medium: string | null; campaign: string | null };

/** utm_source, utm_medium and utm_campaign of the visited address, trimmed (60 characters each). */
export function campaignOf(search: URLSearchParams): TCampaign {
  const read = (key: string) => search.get(key)?.trim().toLowerCase().slice(0, 60) || null;
  return { source: read("utm_source"), medium: read("utm_medium"), campaign: read("utm_campaign") };
}

export type TVisitDay = { day: string; visitors: number; views: number };
export type TFunnelStep = "visitors" | "productViewers" | "addedToCart" | "reachedCheckout" | "paidOrders";
export const FUNNEL_LABEL: Record<TFunnelStep, string> = {
  visitors: "Visitors",
  productViewers: "Viewed a product",
  addedToCart: "Added to cart",
  reachedCheckout: "Reached checkout",
  paidOrders: "Paid orders",
};
export const FUNNEL_STEPS = Object.keys(FUNNEL_LABEL) as TFunnelStep[];
export type TFunnelDay = { day: string } & Record<TFunnelStep, number>;

export type TVisitReport = {
  days: TVisitDay[];
  funnel: TFunnelDay[];
  topPages: { path: string; views: number; visitors: number }[];
  referrers: { host: string; visitors: number }[];
  campaigns: { source: string; medium: string | null; campaign: string | null; visitors: number }[];
  devices: Record<TDevice, number>;
};

/** The last `count` Lagos days, oldest first. */
export function lastDays(now: Date, count = VISIT_DAYS): string[] {
  const today = lagosToday(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/** Every day of the period, with zeros where nothing was counted. */
export function fillDays<T extends { day: string }>(rows: T[], days: string[], empty: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => byDay.get(day) ?? empty(day));
}
