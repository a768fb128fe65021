import { createHmac } from "node:crypto";
import { campaignOf, countsAsVisitor, deviceClass, referrerHost, visitedPage } from "@domain/analytics/visits";
import { lagosToday } from "@domain/time/lagos-time";
import { getDb } from "../db/client";
import { authSecret } from "../env";
import { log } from "../log";
import { siteVisits } from "./schema";

/** How long visits wait in memory before they are written together (one insert, not one per page). */
const FLUSH_MS = 2000;
const MAX_BUFFER = 500;

type TVisitRow = typeof siteVisits.$inferInsert;
let buffer: TVisitRow[] = [];
let timer: NodeJS.Timeout | null = null;

let visitKey: Buffer | null = null;

/**
 * Today's visitor hash (docs/product/visits.md#what-is-kept): an HMAC of the Lagos day, the address and the browser
 * under a key derived from the server's secret. The same person counts once a day; tomorrow they are someone new, and
 * the address cannot be read back.
 */
export function visitorHash(ip: string, userAgent: string, now = new Date()): string {
  // Derived once: it runs on every page answered.
  visitKey ??= createHmac("sha256", authSecret()).update("site-visits").digest();
  return createHmac("sha256", visitKey)
    .update(`${lagosToday(now)}|${ip}|${userAgent}`)
    .digest("base64url")
    .slice(0, 22);
}

export type TVisitRequest = {
  method: string;
  url: string;
  host: string;
  ip: string;
  accept: string | null;
  userAgent: string | null;
  referer: string | null;
  dnt: string | null;
  gpc: string | null;
};

/** Whether a request is a visit to count, and then what is kept of it (nothing else is). */
export function visitOf(req: TVisitRequest, now = new Date()): TVisitRow | null {
  if (req.method !== "GET" || !countsAsVisitor({ dnt: req.dnt, gpc: req.gpc, userAgent: req.userAgent })) return null;
  let url: URL;
  try {
    url = new URL(req.url, "http://site");
  } catch {
    return null;
  }
  const path = visitedPage(url.pathname, (req.accept ?? "").includes("text/html"));
  if (!path) return null;
  const campaign = campaignOf(url.searchParams);
  return {
    at: now,
    kind: "page",
    path,
    referrerHost: referrerHost(req.referer, req.host),
    utmSource: campaign.source,
    utmMedium: campaign.medium,
    utmCampaign: campaign.campaign,
    device: deviceClass(req.userAgent ?? ""),
    visitorHash: visitorHash(req.ip, req.userAgent ?? "", now),
  };
}

/** Keeps a page visit (if it is one) for the next write. Never throws into the request. */
export function recordVisit(req: TVisitRequest): void {
  const row = visitOf(req);
  if (row) keep(row);
}

/** The funnel's "added to cart" step, from the cart's own action (docs/product/visits.md#funnel). */
export function recordAddToCart(req: { ip: string; userAgent: string | null; dnt: string | null; gpc: string | null }): void {
  if (!countsAsVisitor(req)) return;
  keep({
    kind: "add_to_cart",
    path: "/cart/add",
    device: deviceClass(req.userAgent ?? ""),
    visitorHash: visitorHash(req.ip, req.userAgent ?? ""),
    at: new Date(),
  });
}

function keep(row: TVisitRow) {
  if (buffer.length >= MAX_BUFFER) return; // the database is behind: drop rather than grow without bound
  buffer.push(row);
  if (!timer) {
    timer = setTimeout(() => void flushVisits(), FLUSH_MS);
    timer.unref();
  }
}

/** Writes the visits kept so far in one insert (also at shutdown, and from tests). */
export async function flushVisits(): Promise<number> {
  if (timer) clearTimeout(timer);
  timer = null;
  const rows = buffer;
  buffer = [];
  if (rows.length === 0) return 0;
  try {
    await getDb().insert(siteVisits).values(rows);
  } catch (error) {
    log.warn({ err: error, count: rows.length }, "site visits not written");
    return 0;
  }
  return rows.length;
}
