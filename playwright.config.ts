import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fakePorts, fakeProviderEnv } from "./tests/fakes/fake-config";

// Journeys run against the production build on a fresh database: a new PGlite folder, or the
// PostgreSQL database in DATABASE_URL (scripts/test.mjs creates a fresh one for that pass).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
process.env.E2E_BASE_URL = baseURL;
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "zavolah-e2e-")));

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
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: "tests/e2e",
  // A journey takes 10-30 s on a quiet machine; on a shared one running at half speed (hello-world at 25,000 req/s
  // instead of 50,000+, 2026-11-27) the longest took 45-60 s with two workers. 90 s keeps them from failing on the
  // machine's speed alone; a journey that needs it should be split.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // One retry in CI, so a journey that fails once under the machine's load does not sink the run; the list
  // reporter marks such a journey "flaky", and a journey that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  // Signs in each demo role once, for the journeys' storageState (tests/e2e/support.ts: signedIn).
  globalSetup: "./tests/e2e/global-setup.ts",
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // Each journey's contexts would otherwise install the service worker, precache the offline page's assets and send
    // every request through it: work a journey never checks. tests/e2e/shell/pwa.spec.ts allows it and tests it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
      fullyParallel: true,
      // E2E_SKIP_MARKUP=1 (CI's PostgreSQL pass) leaves out the journeys tagged @markup. A config setting, because a
      // command-line --grep does not filter the tests of a project others depend on.
      grepInvert: process.env.E2E_SKIP_MARKUP === "1" ? /@markup/ : undefined,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "shared-state",
      testMatch: SHARED_STATE,
      workers: 1,
      dependencies: ["journeys"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: [
    {
      command: "npx tsx server/main.ts",
      url: `${baseURL}/health`,
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
        OUTBOX_POLL_MS: "200",
        // Every journey signs in from 127.0.0.1; the per-IP limit is covered by the unit tests.
        SIGN_IN_IP_MAX_FAILURES: "1000",
        LOG_LEVEL: "warn",
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
  ],
});
