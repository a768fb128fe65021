import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUSY_MESSAGE, UNAVAILABLE_MESSAGE, unavailableMessageOf } from "@domain/http/unavailable";
import { metricValue } from "../../tests/support/metrics";
import { useTestDatabase } from "../../tests/support/test-database";
import { readEnv } from "../env";
import { eventLoopLagMs, sheddingSettings } from "./load-shedding";
import { createSiteServer } from "./site-server";

useTestDatabase();

// Load shedding (docs/operations.md#load-shedding): the site server as main.ts makes it, with a stand-in for the pages
// whose dashboard waits until the test lets it go, so "busy" is a state the test sets (one request in flight with a cap
// of one, or the event loop held by the test), never a matter of the machine's speed.

const root = mkdtempSync(join(tmpdir(), "shedding-"));
mkdirSync(join(root, "build/client/assets"), { recursive: true });
writeFileSync(join(root, "build/client/assets/app-1a2b3c.js"), "console.log('hello');\n");

let server: Server | undefined;
afterEach(async () => {
  const site = server;
  server = undefined;
  site?.closeAllConnections();
  if (site) await new Promise((resolve) => site.close(resolve));
});

/** The site server on a free port; `/client-dashboard?held` waits until released, other pages answer at once. */
async function startSite(env: Record<string, string>) {
  const held: { started: number; releases: (() => void)[] } = { started: 0, releases: [] };
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/api/webhooks/")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      return void res.end(JSON.stringify({ received: true }));
    }
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (req.url === "/client-dashboard?held") {
      held.started += 1;
      return void held.releases.push(() => res.end("<p>Your orders</p>"));
    }
    res.end(`<p>the page ${req.url}</p>`);
  };
  server = createSiteServer({
    dev: false,
    root,
    pages: { answer, devFiles: null, pageSharingFor: (path) => (path === "/about" ? "everyone" : null), routeOf: null },
    // Through the environment's own parsing, as main.ts reads it.
    shedding: sheddingSettings(readEnv(env)),
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, held };
}

/** Waits, checking every few milliseconds, until `done()` holds. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Starts the held dashboard, asking again if it was refused (the state the test then sets is not there yet); its
 * answer, once released, in `answer` (a promise, not awaited here).
 */
async function startHeld(site: Awaited<ReturnType<typeof startSite>>) {
  for (;;) {
    const before = site.held.started;
    const answer = fetch(`${site.base}/client-dashboard?held`).then(async (r) => ({ status: r.status, body: await r.text() }));
    const first = await Promise.race([
      answer.then((a) => (a.status === 503 ? "refused" : "answered")),
      until(() => site.held.started > before),
    ]);
    if (first === undefined) return { answer };
    expect(first).toBe("refused");
  }
}

/** Asks for a page until it is served rather than refused (the server notes an answer's end just after sending it). */
async function servedAgain(base: string, path = "/client-dashboard") {
  for (;;) {
    const page = await fetch(base + path);
    if (page.status !== 503) return page.status === 200 ? page.text() : `status ${page.status}`;
  }
}

/**
 * Keeps the event loop busy for `ms` at a time, as a stuck computation would, until the server has seen it late
 * (twice: one long task alone is not a reason to refuse anyone).
 */
async function holdTheLoop(ms: number) {
  while (eventLoopLagMs() < ms / 2) {
    const end = performance.now() + ms;
    while (performance.now() < end);
    // Lets the server's timer note how late it ran.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

async function expectBusyPage(base: string, path: string) {
  const started = performance.now();
  const page = await fetch(base + path);
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("5");
  expect(page.headers.get("content-type")).toContain("text/html");
  const html = await page.text();
  expect(html).toContain("<h1>Back in a moment</h1>");
  expect(html).toContain("A lot of people are using Zavolah right now");
  expect(html).toContain("Nothing you paid for or saved is lost.");
  return performance.now() - started;
}

async function expectOthersGoOn(base: string, beforeEach: () => Promise<void> | void = () => {}) {
  await beforeEach();
  expect((await fetch(`${base}/health`)).status).toBe(200);
  await beforeEach();
  const ready = await fetch(`${base}/ready`);
  expect([ready.status, await ready.json()]).toMatchObject([200, { status: "ok", database: "up" }]);
  await beforeEach();
  const webhook = await fetch(`${base}/api/webhooks/paystack`, {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  expect([webhook.status, await webhook.json()]).toEqual([200, { received: true }]);
  await beforeEach();
  const script = await fetch(`${base}/assets/app-1a2b3c.js`);
  expect([script.status, await script.text()]).toEqual([200, "console.log('hello');\n"]);
  await beforeEach();
  const cached = await fetch(`${base}/about`);
  expect([cached.status, cached.headers.get("x-page-cache")]).toEqual([200, "hit"]);
}

describe("load shedding", () => {
  it("with too many requests in flight, a new page gets the busy 503 at once; health, webhooks, files, cached pages and the request under way go on", async () => {
    const site = await startSite({ SHED_MAX_REQUESTS_IN_FLIGHT: "1", SHED_EVENT_LOOP_LAG_MS: "0" });
    expect((await fetch(`${site.base}/about`)).status).toBe(200); // now in the page cache
    const shedBefore = await metricValue('http_requests_shed_total{reason="requests_in_flight"}');

    const { answer: underWay } = await startHeld(site);
    // Answered while the dashboard before it is still being made: it did not wait its turn.
    await expectBusyPage(site.base, "/client-dashboard");
    const data = await fetch(`${site.base}/client-dashboard.data`, { headers: { accept: "application/json" } });
    expect([data.status, data.headers.get("retry-after"), await data.json()]).toEqual([
      503,
      "5",
      { code: "unavailable", message: BUSY_MESSAGE },
    ]);
    const api = await fetch(`${site.base}/api/v1/me`, { headers: { "x-api-version": "1.0", "x-platform": "mobile" } });
    expect([api.status, api.headers.get("retry-after"), await api.json()]).toEqual([
      503,
      "5",
      { code: "unavailable", message: BUSY_MESSAGE },
    ]);
    await expectOthersGoOn(site.base);
    expect(await metricValue('http_requests_shed_total{reason="requests_in_flight"}')).toBe(shedBefore + 3);

    site.held.releases[0]!();
    expect(await underWay).toEqual({ status: 200, body: "<p>Your orders</p>" });
    // Once it has finished, pages are served again.
    expect(await servedAgain(site.base)).toBe("<p>the page /client-dashboard</p>");
  });

  it("while the event loop is late past the setting, a new page gets the busy 503; health, webhooks, files, cached pages and the request under way go on", async () => {
    const site = await startSite({ SHED_MAX_REQUESTS_IN_FLIGHT: "0", SHED_EVENT_LOOP_LAG_MS: "50" });
    // Served once the loop is on time (loading this file's modules may just have held it), and so in the page cache.
    expect(await servedAgain(site.base, "/about")).toBe("<p>the page /about</p>");
    const shedBefore = await metricValue('http_requests_shed_total{reason="event_loop_lag"}');
    const { answer: underWay } = await startHeld(site);

    // The loop held for 300 ms just before each request: the lag the server measures is far past 50 ms.
    await holdTheLoop(300);
    await expectBusyPage(site.base, "/client-dashboard");
    await expectOthersGoOn(site.base, () => holdTheLoop(300));
    expect(await metricValue('http_requests_shed_total{reason="event_loop_lag"}')).toBeGreaterThan(shedBefore);

    site.held.releases[0]!();
    expect(await underWay).toEqual({ status: 200, body: "<p>Your orders</p>" });
    // The loop on time again: served (the lag of the last half second is forgotten).
    expect(await servedAgain(site.base)).toBe("<p>the page /client-dashboard</p>");
  });

  it("one long task alone turns nobody away", async () => {
    const site = await startSite({ SHED_MAX_REQUESTS_IN_FLIGHT: "0", SHED_EVENT_LOOP_LAG_MS: "200" });
    await servedAgain(site.base, "/about");
    const end = performance.now() + 600;
    while (performance.now() < end);
    expect((await fetch(`${site.base}/client-dashboard`)).status).toBe(200);
  });

  it("with both settings 0, nothing is refused", async () => {
    const site = await startSite({ SHED_MAX_REQUESTS_IN_FLIGHT: "0", SHED_EVENT_LOOP_LAG_MS: "0" });
    const { answer: underWay } = await startHeld(site);
    await holdTheLoop(300);
    expect((await fetch(`${site.base}/client-dashboard`)).status).toBe(200);
    site.held.releases[0]!();
    expect((await underWay).status).toBe(200);
  });

  it("the page's error screen tells a busy 503 from the records' one", () => {
    expect(unavailableMessageOf(JSON.stringify({ code: "unavailable", message: BUSY_MESSAGE }))).toBe(BUSY_MESSAGE);
    expect(unavailableMessageOf(JSON.stringify({ code: "unavailable", message: UNAVAILABLE_MESSAGE }))).toBe(UNAVAILABLE_MESSAGE);
    expect(unavailableMessageOf(undefined)).toBe(UNAVAILABLE_MESSAGE);
  });
});
