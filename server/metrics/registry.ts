import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

// What the running site counts, in Prometheus' names (docs/operations.md#monitoring): units in the name, `_total` on
// counters, and label values from small fixed sets (a route's pattern, never the address asked for), so a scraper's
// series stay bounded however many ids and query strings visitors send.

export const metricsRegistry = new Registry();

// Node's own: event-loop lag, heap, garbage collection, handles, CPU and memory of the process.
collectDefaultMetrics({ register: metricsRegistry });

const buildInfo = new Gauge({
  name: "zavolah_build_info",
  help: "1 for the build this process runs, labelled with its release (the git commit).",
  labelNames: ["release"] as const,
  registers: [metricsRegistry],
});

/** Names the build once, at start (server/main.ts). */
export function setBuildRelease(release: string): void {
  buildInfo.reset();
  buildInfo.set({ release }, 1);
}

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
  labelNames: ["route", "method"] as const,
  // A page on a phone should start within a second; past 10 s the visitor has left.
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request; `route` is a pattern from a fixed set (see routeLabel in site-server.ts). */
export function recordHttpRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  const m = method && METHODS.has(method) ? method : "OTHER";
  httpRequests.inc({ route, method: m, status: String(status) });
  httpDuration.observe({ route, method: m }, seconds);
}

const pageCacheRequests = new Counter({
  name: "page_cache_requests_total",
  help: "Requests for a cacheable public page, answered from memory (hit) or rendered (miss).",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

/** A cacheable page was asked for (server/http/page-cache.ts). */
export function countPageCache(hit: boolean): void {
  pageCacheRequests.inc({ result: hit ? "hit" : "miss" });
}
