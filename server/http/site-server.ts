import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import compression from "compression";
import { decodeComponent } from "@domain/http/outside-text";
import { recordVisit } from "../analytics/record-visit";
import { countQueries } from "../db/query-count";
import { env } from "../env";
import { uploadsRoot } from "../users/avatar-files";
import { answerMetrics } from "../metrics/answer-metrics";
import { countPageCache, recordHttpRequest } from "../metrics/registry";
import { labelRoute, routeLabelOf } from "../metrics/route-label";
import { peerAddress } from "./client-ip";
import { answerGateway } from "./gateway/gateway";
import { API_BASE } from "./gateway/api-operations";
import { MAX_SUBMISSION_FORM_BYTES } from "./gateway/coursework-operations";
import { databaseIsDown } from "../db/availability";
import { answerUnavailable } from "./unavailable";
import { createLoadShedder, type TSheddingSettings } from "./load-shedding";
import { answerHealth, answerReady } from "./health";
import { BROWSER_ERROR_REPORT_PATH } from "@domain/errors/browser-error-report";
import { answerBrowserErrorReport } from "../errors/browser-error-reports";
import { deviceIdFrom, newDeviceId, sendDeviceCookie } from "./device-cookie";
import { addHeaderWhenSent } from "./header-when-sent";
import { stampInternalHeaders } from "./internal-headers";
import { cacheTargetFor, createPageCache, renderForNobody, SHARED_PAGE_HEADER, type TPageSharingFor } from "./page-cache";
import { answerReferralLink } from "./referral-links";
import { createNonce, setSecurityHeaders } from "./security-headers";
import { serveStatic } from "./static-files";

// The HTTP server for pages, /api, /health, /ready and static files (server/main.ts adds the websockets, the jobs and
// the listening port). Tests of hostile input start it in their own process on the production build.

// Forms and the largest upload (a 1 MB avatar) fit well within this; anything bigger is refused before
// it is read into memory.
const MAX_BODY_BYTES = 2 * 1024 * 1024;

// Staff upload lesson videos (up to 200 MB, server/academy/academy-files.ts) on a course's page; the route
// checks the role before it reads the body.
const MAX_ACADEMY_UPLOAD_BYTES = 210 * 1024 * 1024;
const ACADEMY_UPLOAD_PATH = /^\/staff\/academy\/courses\/\d+(?:\.data)?(?:\?|$)/;

// Sellers send a listing's photos (5 MB each) and design files (20 MB each) in one form
// (server/marketplace/listing-media.ts); the use case checks each file's size and content.
const MAX_LISTING_UPLOAD_BYTES = 64 * 1024 * 1024;
const LISTING_UPLOAD_PATH = /^\/seller\/listings\/(?:new|\d+)(?:\.data)?(?:\?|$)/;

// A message about an order may carry one photo (5 MB, docs/product/marketplace.md#messages).
const MAX_MESSAGE_UPLOAD_BYTES = 6 * 1024 * 1024;
const MESSAGE_UPLOAD_PATH = /^\/(?:seller\/dashboard|architect\/dashboard|marketplace\/buyer-dashboard)(?:\.data)?(?:\?|$)/;

// A CSV to import (5 MB) and the form around it: a CRM list (docs/product/crm.md#import) or an old system's export
// for the data migration (docs/product/data-migration.md#the-file).
const MAX_CSV_IMPORT_BYTES = 6 * 1024 * 1024;
const CSV_IMPORT_PATH = /^\/(?:staff\/crm\/imports|admin\/migration)(?:\.data)?(?:\?|$)/;

// The app hands in an assignment's file through the gateway's one form operation (docs/product/api-gateway.md#academy);
// the operation checks its own limit (10 MB and the form) as it reads.
const API_SUBMISSION_PATH = /^\/api\/v1\/courses\/[^/?]+\/assignments\/\d+\/submission(?:\?|$)/;

/** The most a request to this address may send, in bytes. */
function bodyLimit(url: string): number {
  if (API_SUBMISSION_PATH.test(url)) return MAX_SUBMISSION_FORM_BYTES;
  if (ACADEMY_UPLOAD_PATH.test(url)) return MAX_ACADEMY_UPLOAD_BYTES;
  if (LISTING_UPLOAD_PATH.test(url)) return MAX_LISTING_UPLOAD_BYTES;
  if (MESSAGE_UPLOAD_PATH.test(url)) return MAX_MESSAGE_UPLOAD_BYTES;
  if (CSV_IMPORT_PATH.test(url)) return MAX_CSV_IMPORT_BYTES;
  return MAX_BODY_BYTES;
}

/** How much of a refused body is read and thrown away before the connection is cut. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

function bodyTooLarge(req: IncomingMessage): 0 | 411 | 413 {
  if (req.method === "GET" || req.method === "HEAD") return 0;
  const length = req.headers["content-length"];
  if (length === undefined) return req.headers["transfer-encoding"] ? 411 : 0;
  return Number(length) > bodyLimit(req.url ?? "") ? 413 : 0;
}

/** Every path segment percent-decodes to UTF-8 ("+" is a plus sign in a path). */
function hasReadablePath(url: string): boolean {
  const path = url.split("?")[0]!;
  return path.split("/").every((segment) => decodeComponent(segment.replace(/\+/g, "%2B")) !== null);
}

const pathOf = (url: string | undefined) => (url ?? "/").split("?")[0]!;

/** A short id for one request: in the log line of any error it meets and on the error page the visitor sees. */
export function newRequestId(): string {
  return randomBytes(5).toString("hex").toUpperCase();
}

/**
 * How pages are answered, made by the framework adapter (app/http/page-listener.server.ts) and handed in by the
 * process entry: this server stays framework-free.
 */
export type TPages = {
  /** Answers a page (React Router's request listener). */
  answer: (req: IncomingMessage, res: ServerResponse) => void;
  /** In dev only: Vite's own files (modules, styles), answered before uploads and pages. */
  devFiles: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null;
  /** Which pages are public and may be cached (the app's route table); null: none (dev). */
  pageSharingFor: TPageSharingFor | null;
  /** The route table's pattern for a page's address ("/store/:slug"), for the metrics; null: "page" (dev). */
  routeOf: ((pathname: string) => string) | null;
};

export type TSiteServerOptions = {
  dev: boolean;
  root: string;
  pages: TPages;
  /** Load shedding's settings (server/http/load-shedding.ts); the environment's unless given (tests). */
  shedding?: TSheddingSettings;
};

export function createSiteServer({ dev, root, pages, shedding }: TSiteServerOptions): Server {
  let handle: (req: IncomingMessage, res: ServerResponse) => void;
  const pageSharingFor = pages.pageSharingFor;
  const routeOf = pages.routeOf;
  const compress = compression();
  const { devFiles } = pages;
  // Not in dev, whose first requests wait for Vite to compile (docs/operations.md#load-shedding).
  const shedder = createLoadShedder(dev ? { eventLoopLagMs: 0, maxRequestsInFlight: 0 } : shedding);
  if (devFiles) {
    handle = (req, res) => devFiles(req, res, () => serveStatic(uploadsRoot(), req, res, "/uploads") || pages.answer(req, res));
  } else {
    const clientRoot = join(root, "build/client");
    handle = (req, res) => {
      if (serveStatic(clientRoot, req, res) || serveStatic(uploadsRoot(), req, res, "/uploads")) return labelRoute(res, "static");
      // The database is away (server/db/availability.ts): one short page rather than an error on every page.
      if (databaseIsDown()) return answerUnavailable(req, res, { reason: "database" });
      // Too busy for one more page to render: answered 503 at once, or rendered in its turn (docs/operations.md#load-shedding).
      shedder.admit(req, res, () => pages.answer(req, res));
    };
  }

  // Public pages come from memory (server/http/page-cache.ts); not in dev, where code changes
  // (the dev server has no build to ask which pages are cacheable).
  const pageCache = pageSharingFor ? createPageCache() : null;

  const server = createServer((req, res) => {
    // Headers only this server may set: drop any a client sent, then stamp the real values
    // (React Router builds its Request from rawHeaders, so both views are rewritten).
    const nonce = createNonce();
    const requestId = newRequestId();
    countAnswer(req, res);
    // The JSON gateway for the app and devices answers on its own: no cookies, no pages (docs/product/api-gateway.md).
    if (req.url === API_BASE || req.url?.startsWith(`${API_BASE}/`) || req.url?.startsWith(`${API_BASE}?`)) {
      setSecurityHeaders(res, nonce, dev);
      const tooLarge = bodyTooLarge(req);
      if (tooLarge) {
        res.writeHead(tooLarge, { "Content-Type": "application/json; charset=utf-8", Connection: "close", "X-Request-ID": requestId });
        return void res.end(JSON.stringify({ code: "payload_too_large", message: "The body is too large.", requestId }));
      }
      if (databaseIsDown()) return answerUnavailable(req, res, { reason: "database", json: true });
      return shedder.admit(req, res, () => void answerGateway(req, res, requestId), { json: true });
    }
    // A form sent from a browser without its device id gets one (http/device-cookie.ts); pages read nothing of it.
    let deviceId = deviceIdFrom(req.headers.cookie);
    if (!deviceId && req.method === "POST") {
      deviceId = newDeviceId();
      sendDeviceCookie(res, deviceId);
    }
    stampInternalHeaders(req, {
      "x-zavolah-peer": peerAddress(req),
      "x-zavolah-nonce": nonce,
      "x-zavolah-request-id": requestId,
      "x-zavolah-device": deviceId ?? "",
      [SHARED_PAGE_HEADER]: "",
    });
    res.setHeader("X-Request-Id", requestId);
    setSecurityHeaders(res, nonce, dev);
    const tooLarge = bodyTooLarge(req);
    if (tooLarge) {
      // Never read into memory, but drained rather than cut off: a socket closed with unread data is reset, and a
      // balancer in front (haproxy) then loses this answer, so the visitor saw no message at all. Past
      // DRAIN_LIMIT_BYTES the connection is cut anyway.
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy();
      });
      res.writeHead(tooLarge, { "Content-Type": "text/plain; charset=utf-8" });
      const mb = Math.floor(bodyLimit(req.url ?? "") / 1024 / 1024);
      return void res.end(tooLarge === 413 ? `The upload is too large (${mb} MB at most).` : "A request body needs a Content-Length.");
    }
    if (req.method === "GET" && (req.url === "/health" || req.url === "/ready" || req.url === "/metrics")) {
      labelRoute(res, req.url);
      if (req.url === "/health") return void answerHealth(res);
      if (req.url === "/ready") return void answerReady(res);
      return void answerMetrics(req, res, peerAddress(req));
    }
    // A visitor's page reporting its error (docs/operations.md#error-reports): answered here, cheaply, before any page.
    if (req.method === "POST" && pathOf(req.url) === BROWSER_ERROR_REPORT_PATH) {
      labelRoute(res, BROWSER_ERROR_REPORT_PATH);
      return answerBrowserErrorReport(req, res, peerAddress(req));
    }
    if (!hasReadablePath(req.url ?? "/")) {
      labelRoute(res, "invalid");
      // Refused before the router, which would only warn and carry on (docs/product/site-shell.md#bad-input).
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
      return void res.end("This address has broken characters in it.");
    }
    // A page answered 200 counts as a visit (docs/product/visits.md), cached or not; nothing is kept of other requests.
    if (req.method === "GET")
      res.once("finish", () => {
        if (res.statusCode !== 200) return;
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === "string" ? value : null;
        };
        recordVisit({
          method: "GET",
          url: req.url ?? "/",
          host: header("host") ?? "",
          ip: peerAddress(req),
          accept: header("accept"),
          userAgent: header("user-agent"),
          referer: header("referer"),
          dnt: header("dnt"),
          gpc: header("sec-gpc"),
        });
      });
    if (req.url?.includes("ref=")) {
      void answerReferralLink(req, res).then((answered) => answered || serve());
      return;
    }
    serve();

    function serve() {
      const target = pageCache && pageSharingFor ? cacheTargetFor(req.method, req.url, req.headers.cookie, pageSharingFor) : null;
      const cacheKey = target?.key ?? null;
      const fromCache = pageCache?.serve(req, res, cacheKey, (cachedNonce) => setSecurityHeaders(res, cachedNonce, dev)) ?? false;
      if (cacheKey !== null) countPageCache(fromCache);
      if (fromCache) return;
      renderForNobody(req, target);
      compress(req as never, res as never, () => {
        pageCache?.capture(res, cacheKey, nonce);
        if (!env.SERVER_TIMING) return handle(req, res);
        // The statements this request sent before its answer began (docs/performance.md#queries-per-request).
        countQueries((queries) => {
          addHeaderWhenSent(res, "Server-Timing", () => `db;desc="${queries()} queries"`);
          handle(req, res);
        });
      });
    }
  });
  /** Counts the request when its answer ends (or the visitor went away first: 499, as nginx says). */
  function countAnswer(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    res.once("close", () => {
      const route = routeLabelOf(res) ?? (req.url?.startsWith(API_BASE) ? API_BASE : (routeOf?.(pathOf(req.url)) ?? "page"));
      recordHttpRequest(route, req.method, res.writableFinished ? res.statusCode : 499, (performance.now() - started) / 1000);
    });
  }

  // Keep idle connections longer than clients and load balancers do (60 s is common): with Node's 5 s default the
  // server can close a socket just as a client reuses it, and that request fails with a reset connection.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
