// What the load benchmarks share (npm run bench, npm run bench:api): the production site on a fresh PGlite folder
// with the demo seed, a bare node:http hello-world to measure against, and autocannon at 50 connections.
import { fork, spawn } from "node:child_process";
import http from "node:http";
import autocannon from "autocannon";

export const CONNECTIONS = 50;
export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export const log = (...m) => console.error("[bench]", ...m);

export async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/**
 * The built site (npm run build) on `port`, with the demo seed in `dataDir`; resolves once /ready answers. `env` adds
 * settings (the load shedding's, to measure with it off).
 */
/**
 * Load shedding as the bench measures it (docs/operations.md#load-shedding): the recommended settings, or SHED_* from
 * the environment. The site's own default is off (decision 0052).
 */
export const SHEDDING_ON = {
  SHED_EVENT_LOOP_LAG_MS: process.env.SHED_EVENT_LOOP_LAG_MS ?? "200",
  SHED_MAX_REQUESTS_IN_FLIGHT: process.env.SHED_MAX_REQUESTS_IN_FLIGHT ?? "24",
};

export async function startSite({ port, dataDir, env = {} }) {
  const base = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    ["--enable-source-maps", "--import", "./server/react-router-production.mjs", "build/main/main.js"],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SEED_DEMO: "1",
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        SIGN_IN_IP_MAX_FAILURES: "1000",
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  await waitFor(`${base}/ready`);
  return child;
}

export async function startHelloWorld(port) {
  const child = fork(new URL("./hello-world.mjs", import.meta.url), { env: { PORT: String(port) }, stdio: "inherit" });
  await new Promise((resolve) => child.once("message", resolve));
  return child;
}

/** Requests that failed (not 2xx, errors, time-outs) in every load() of this run, by address. */
export const failedRequests = new Map();

/** Requests per second at CONNECTIONS connections for LOAD_SECONDS, counting the failed ones in failedRequests. */
export async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  failedRequests.set(url, (failedRequests.get(url) ?? 0) + bad);
  if (bad > 0)
    log(
      `${url}: ${bad} of ${result.requests.total} requests failed (${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  return result.requests.average;
}

/**
 * CONNECTIONS keep-alive connections, each sending its next request when the last answer has ended, for LOAD_SECONDS:
 * requests/s and latency (ms), and how many failed (no answer, not 2xx, or slower than 10 s, autocannon's time-out).
 * A second load generator, to tell autocannon's own behaviour from the server's (bench/autocannon-fairness.mjs).
 */
export async function loadWithKeepAliveClient(url, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let failed = 0;
  const end = Date.now() + LOAD_SECONDS * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          const ms = performance.now() - started;
          latencies.push(ms);
          if (res.statusCode < 200 || res.statusCode > 299 || ms > 10_000) failed++;
          resolve();
        });
      });
      req.on("error", () => {
        failed++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { rps: latencies.length / LOAD_SECONDS, p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0), failed };
}

const SIGN_IN = { email: "customer@zavolah.ng", password: "Zavolah2026!" };

/** The demo customer's session cookie, signed in through the sign-in form as a browser would. */
export async function signIn(base) {
  const res = await fetch(`${base}/auth/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...SIGN_IN, returnTo: "/" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    // The one-time "Login Successful" is shown by the first page; the visitor's later pages carry no flash message.
    .filter((c) => !c.endsWith("=") && !c.startsWith("zavolah_flash="))
    .join("; ");
  if (res.status !== 302 || !cookie.includes("session_token")) throw new Error(`sign-in failed: ${res.status}`);
  const page = await fetch(`${base}/account`, { headers: { cookie }, redirect: "manual" });
  if (page.status !== 200) throw new Error(`the signed-in cookie does not open /account (${page.status})`);
  return cookie;
}

// Load shedding's target (docs/performance.md#load-shedding-npm-run-benchoverload): 50 connections on a dashboard for 20 s.
export const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 20);

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : 0);

/**
 * CONNECTIONS connections on one address for OVERLOAD_SECONDS, each answer's time kept by its status: the served
 * (2xx) answers' requests/s, p99 and longest wait; the 503s (load shedding) with their p99 and longest; time-outs
 * (no answer within autocannon's 10 s), errors and any other status.
 */
export async function overload(url, headers = {}) {
  const served = [];
  const shed = [];
  let other = 0;
  // Warm: the route's modules loaded and compiled by a first request, as on a site that has been up a while.
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  const instance = autocannon({ url, connections: CONNECTIONS, duration: OVERLOAD_SECONDS, headers });
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) served.push(ms);
    else if (status === 503) shed.push(ms);
    else other += 1;
  });
  const result = await instance;
  served.sort((a, b) => a - b);
  shed.sort((a, b) => a - b);
  return {
    servedRps: served.length / OVERLOAD_SECONDS,
    served: served.length,
    servedP50: quantile(served, 0.5),
    servedP99: quantile(served, 0.99),
    servedMax: served.at(-1) ?? 0,
    shed: shed.length,
    shedP99: quantile(shed, 0.99),
    shedMax: shed.at(-1) ?? 0,
    timeouts: result.timeouts,
    errors: result.errors,
    other,
  };
}

/** One overload() as a line of the report. */
export function describeOverload(r) {
  const ms = (x) => `${Math.round(x)} ms`;
  return (
    `served ${r.servedRps.toFixed(1)} req/s (p50 ${ms(r.servedP50)}, p99 ${ms(r.servedP99)}, max ${ms(r.servedMax)}), ` +
    `503 ${r.shed} (p99 ${ms(r.shedP99)}, max ${ms(r.shedMax)}), time-outs ${r.timeouts}, errors ${r.errors}, other ${r.other}`
  );
}
