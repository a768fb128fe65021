import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_METRICS_TOKEN, fakePorts, fakeProviderEnv } from "./tests/fakes/fake-config";

// Journeys run against the production build on a fresh database: a new PGlite folder, or the
// PostgreSQL database in DATABASE_URL (scripts/test.mjs creates a fresh one for that pass).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
process.env.E2E_BASE_URL = baseURL;
const hostilePort = port + 4000;
process.env.E2E_HOSTILE_URL = `http://127.0.0.1:${hostilePort}`;
// The hostile walk's process sets up a second server and database (about 10 s of CPU): not started when the run's
// file filters leave tests/e2e/hostile out.
const fileFilters = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && /[/.]/.test(arg));
const withHostileWalk = fileFilters.length === 0 || fileFilters.some((f) => f.includes("hostile"));
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "zavolah-e2e-")));
// Debian's chromium-headless-shell (Chromium's old headless mode, what Playwright itself runs headless) when it is
// there, else the full chromium: on 2026-11-27 the marketplace journeys took 2.7 min with the shell against 3.6 min
// with the full browser (docs/performance.md). scripts/test.mjs installs it.
const browserPath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

// One server and one database per run, two journeys at a time. Journeys do not wait for each other, so each makes
// its own data (a customer of its own, an order, a post, a booking) or only reads the demo seed. The files in
// SHARED_STATE change or list what every journey sees: the site settings, the first inventory item's stock and its
// alert, blog posts (announced to every user; the newest leads /blog), a 121-mail campaign (the mailbox and outbox
// show the newest first) and the staff's bell (they hear of every order). They run in the "shared-state" project,
// one at a time, once the other journeys have passed; if one of those fails they are skipped, so fix it and run
// again. `--no-deps` runs one of them on its own.
const SHARED_STATE = [
  "admin/feature-switch.spec.ts",
  "backoffice/inventory.spec.ts",
  "backoffice/screens.spec.ts",
  "campaigns/campaigns.spec.ts",
  "content/blog.spec.ts",
  "notifications/live-notifications.spec.ts",
  "notifications/reminder-channels.spec.ts",
  "referrals/payout.spec.ts",
  "referrals/bank-payout.spec.ts",
].map((file) => `**/${file}`);

// CI's PostgreSQL pass (E2E_DATABASE_PASS=1, docs/decisions/0027-the-postgresql-pass.md) runs Vitest on PostgreSQL
// (all but the tests that open no database) and every journey but the @markup ones, shared-state ones included,
// through two instances (docs/decisions/0039-every-journey-on-two-instances.md): the production shape on every run,
// 8.3 minutes on 2026-12-02. E2E_JOURNEYS=subset runs only these: every page's loader and guard (the route walk), and
// the flows where money or stock moves through webhooks, callbacks, charger messages and one transaction across
// contexts.
const DATABASE_PASS = process.env.E2E_DATABASE_PASS === "1";
const ALL_JOURNEYS = !DATABASE_PASS || process.env.E2E_JOURNEYS !== "subset";
const ON_POSTGRES = [
  "access/route-walk.spec.ts",
  "academy/buy-course.spec.ts",
  "admin/migration.spec.ts",
  "auth/account-deletion.spec.ts",
  "backoffice/orders.spec.ts",
  "checkout/checkout.spec.ts",
  "hostile/hostile-input.spec.ts",
  "invest/investments.spec.ts",
  "marketplace/buying.spec.ts",
  "marketplace/part-refund.spec.ts",
  "payments/hosted-checkout.spec.ts",
  "payments/webhooks.spec.ts",
  "shell/cluster.spec.ts",
  "zavcharge/accounts.spec.ts",
  "zavcharge/chargers.spec.ts",
  "zavcharge/plans.spec.ts",
  "zavcharge/remote-charging.spec.ts",
].map((file) => `**/${file}`);

// The PostgreSQL pass runs its journeys against two instances behind haproxy (scripts/cluster.mjs), as production runs:
// nothing a journey does may depend on which instance answers (docs/operations.md#several-instances). E2E_INSTANCES=1
// runs them against one process.
const INSTANCES = Number(process.env.E2E_INSTANCES ?? (DATABASE_PASS ? 2 : 1));
const oneProcess = "node --enable-source-maps --import ./server/react-router-production.mjs build/main/main.js";

export default defineConfig({
  testDir: "tests/e2e",
  // A journey should take under 20 s on a quiet machine (the ten slowest are printed at the end of each run). On
  // 2026-11-27 this kind of machine ran two to three times slower (hello-world at 25,000 req/s instead of 50,000+),
  // journeys took 10-50 s with two workers, and a second job on the machine doubles that again: 120 s is a net
  // for such a day, not a budget.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // One retry in CI, so a journey that fails once under the machine's load does not sink the run; the list
  // reporter marks such a journey "flaky", and a journey that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  // Signs in each demo role once, for the journeys' storageState (tests/e2e/support.ts: signedIn).
  globalSetup: "./tests/e2e/global-setup.ts",
  reporter: [["list"], ["./tests/e2e/slowest-journeys-reporter.ts"]],
  use: {
    baseURL,
    // A trace records every action's DOM and screenshots: recording it for every journey (to keep the failures')
    // took 5.9 min for the marketplace journeys against 3.6 min without. CI's retry records one; locally,
    // `npx playwright test --trace on` does.
    trace: "on-first-retry",
    // Each journey's contexts would otherwise install the service worker, precache the offline page's assets and send
    // every request through it: work a journey never checks. tests/e2e/shell/pwa.spec.ts allows it and tests it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: browserPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "journeys",
      testIgnore: SHARED_STATE,
      // Journeys tagged @markup check what pages look like (axe, screenshots, image attributes, e-mail previews),
      // which the database does not change: the first pass runs them.
      grepInvert: DATABASE_PASS ? /@markup/ : undefined,
      // A config setting, because a command-line filter does not apply to a project others depend on.
      testMatch: ALL_JOURNEYS ? undefined : ON_POSTGRES,
      fullyParallel: true,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "shared-state",
      // None of them is in ON_POSTGRES: E2E_JOURNEYS=subset leaves them out of the PostgreSQL pass.
      testMatch: ALL_JOURNEYS ? SHARED_STATE : [],
      grepInvert: DATABASE_PASS ? /@markup/ : undefined,
      workers: 1,
      dependencies: ["journeys"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: [
    {
      // As npm start runs it: the compiled server (scripts/build-server.mjs), React Router's production build; one process
      // or, in the PostgreSQL pass, two behind haproxy.
      command:
        INSTANCES > 1 ? `node scripts/cluster.mjs --instances ${INSTANCES} --port ${port} --first-instance-port ${port + 50}` : oneProcess,
      url: `${baseURL}/ready`,
      // Instances shut down gracefully (docs/operations.md#health-and-shutdown).
      gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        SEED_DEMO: "1",
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        // With REDIS_URL set (CI's PostgreSQL pass), rate limits count in Redis: each run under its own keys.
        REDIS_KEY_PREFIX: `zavolah-e2e-${Date.now()}:`,
        OUTBOX_POLL_MS: "200",
        // Every journey signs in from 127.0.0.1; the per-IP limit is covered by the unit tests.
        SIGN_IN_IP_MAX_FAILURES: "1000",
        // As behind the production proxy: a journey may say which network a browser comes from (refer-and-earn's checks).
        // Through haproxy (two instances) that is a second proxy's entry in X-Forwarded-For (server/http/client-ip.ts).
        TRUST_PROXY: INSTANCES > 1 ? "2" : "1",
        LOG_LEVEL: "warn",
        // The personal pages' database statements, counted per request (tests/e2e/shell/queries-per-page.spec.ts).
        SERVER_TIMING: "1",
        // The scraper's token for GET /metrics (tests/e2e/shell/metrics.spec.ts).
        METRICS_TOKEN: E2E_METRICS_TOKEN,
        // Card payments go to the local fakes below (tests/fakes), through the same base-URL settings as production.
        ...fakeProviderEnv(port),
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
    },
    {
      // Fake Paystack and Flutterwave (hosted checkout pages, verify/refund APIs, signed webhooks to the app) and fake
      // Termii (the SMS the app sends; journeys read texted codes from it). Termii starts last.
      command: "npx tsx tests/fakes/start-fakes.ts",
      url: `http://127.0.0.1:${fakePorts(port).termii}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { APP_URL: baseURL },
    },
    ...(withHostileWalk
      ? [
          {
            // The hostile walk (tests/hostile/hostile-input.ts): its control port answers at once, and it sets up its own
            // server and database while the first journeys run; tests/e2e/hostile asks it to walk.
            command: `node --import tsx tests/hostile/hostile-input.ts --serve ${hostilePort} --runs ${process.env.HOSTILE_RUNS ?? 400}`,
            url: `http://127.0.0.1:${hostilePort}/ready`,
            timeout: 60_000,
            reuseExistingServer: false,
            // Its answers carry what it found; once the last part has closed its database on purpose, its timers only
            // complain about that (`npm run test:hostile` walks once with the server's output on screen).
            stdout: "ignore" as const,
            stderr: "ignore" as const,
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
            env: {
              HOSTILE_LOG_LEVEL: "error",
              ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
            },
          },
        ]
      : []),
  ],
});
