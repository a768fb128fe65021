import { expect, request as playwrightRequest, test } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RPCClient } from "ocpp-rpc";
import pg from "pg";
import { DEMO, DEMO_PASSWORD, hydrated } from "../support";

// `npm run cluster` (scripts/cluster.mjs): two instances of the built site on one PostgreSQL database behind haproxy,
// as production runs (docs/operations.md#several-instances). Nothing a visitor does may depend on which instance
// answers: the session, the cart and the pages come from the database; a charger's socket is on one instance, and a
// command asked on the other reaches it through the database (docs/decisions/0036-charger-commands-across-instances.md).

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const PROXY_PORT = 3750;
const FIRST_INSTANCE_PORT = 3751;
const proxy = `http://localhost:${PROXY_PORT}`;
const SECRET = "cluster-journey-secret-0123456789abcdefghij";

test.describe.configure({ mode: "serial" });

let cluster: ChildProcess | undefined;
let databaseUrl = "";
let log = "";

test.beforeAll(async () => {
  if (!ON_POSTGRES) return;
  test.setTimeout(180_000);
  const name = `zavolah_cluster_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  cluster = spawn(
    process.execPath,
    ["scripts/cluster.mjs", "--instances", "2", "--port", String(PROXY_PORT), "--first-instance-port", String(FIRST_INSTANCE_PORT)],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: SECRET,
        DATA_DIR: mkdtempSync(join(tmpdir(), "zavolah-cluster-data-")),
        POWER_SIMULATOR: "0",
        SEED_DEMO: "1",
        PUBLIC_URL: proxy,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  cluster.stdout!.on("data", (d) => (log += d));
  cluster.stderr!.on("data", (d) => (log += d));
  await expect
    .poll(() => (cluster!.exitCode === null ? /behind haproxy/.test(log) : `exited: ${log.slice(-2000)}`), { timeout: 170_000 })
    .toBe(true);
});

test.afterAll(async () => {
  if (!cluster) return;
  const exited = new Promise((resolve) => cluster!.once("exit", resolve));
  cluster.kill("SIGTERM");
  await exited;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
});

test("without PostgreSQL, npm run cluster refuses to start and says why", () => {
  const run = spawnSync(process.execPath, ["scripts/cluster.mjs", "--instances", "2"], {
    env: { ...process.env, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("set DATABASE_URL");
});

test(`a customer signed in through the balancer is signed in on both instances (on PostgreSQL only: ${ON_POSTGRES ? "running" : "the PostgreSQL pass runs it"})`, async () => {
  test.skip(!ON_POSTGRES, "needs DATABASE_URL: CI's PostgreSQL pass runs it");
  const viaProxy = await playwrightRequest.newContext({ baseURL: proxy });
  const signIn = await viaProxy.post("/auth/sign-in", {
    form: { email: "customer@zavolah.ng", password: DEMO_PASSWORD, returnTo: "/" },
    headers: { origin: proxy },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const { cookies } = await viaProxy.storageState();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  for (const port of [FIRST_INSTANCE_PORT, FIRST_INSTANCE_PORT + 1]) {
    const res = await fetch(`http://127.0.0.1:${port}/client-dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(res.status, `instance on ${port}`).toBe(200);
    expect(await res.text()).toContain("My Orders &amp; Appointments");
  }
  // Round robin: four pages through the balancer reach both instances, and each answers for the same customer.
  for (let i = 0; i < 4; i++) {
    const page = await viaProxy.get("/client-dashboard", { maxRedirects: 0 });
    expect(page.status()).toBe(200);
  }
  const me = await viaProxy.get("/api/me");
  expect(((await me.json()) as { viewer: { email: string } }).viewer.email).toBe("customer@zavolah.ng");
  await viaProxy.dispose();
});

test(`an edit on one instance reaches the page another instance keeps in its cache within a second (on PostgreSQL only: ${ON_POSTGRES ? "running" : "the PostgreSQL pass runs it"})`, async () => {
  test.skip(!ON_POSTGRES, "needs DATABASE_URL: CI's PostgreSQL pass runs it");
  const second = `http://127.0.0.1:${FIRST_INSTANCE_PORT + 1}`;
  const visit = () => fetch(`${second}/zavcharge`);
  await visit();
  const cached = await visit();
  expect(cached.headers.get("x-page-cache")).toBe("hit");
  expect(cached.status).toBe(200);

  // The admin turns ZavCharge off on the first instance (addressed as the balancer forwards: its Host, its origin).
  const admin = await playwrightRequest.newContext({
    baseURL: `http://127.0.0.1:${FIRST_INSTANCE_PORT}`,
    extraHTTPHeaders: { host: new URL(proxy).host, origin: proxy },
  });
  const features = (zavChargeEnabled: boolean) => ({
    intent: "save",
    group: "features",
    showZavCharge: "on",
    ...(zavChargeEnabled ? { zavChargeEnabled: "on" } : {}),
    showReferEarn: "on",
    referEarnEnabled: "on",
    showMarketplace: "on",
    showStaffAccess: "on",
    showSearch: "on",
    investmentsEnabled: "on",
  });
  try {
    const signIn = await admin.post("/auth/sign-in", {
      form: { email: "admin@zavolah.ng", password: DEMO_PASSWORD, returnTo: "/admin/settings" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    const off = await admin.post("/admin/settings", { form: features(false), maxRedirects: 0 });
    expect(off.status(), (await off.text()).slice(0, 3000)).toBe(302);

    // The second instance drops its copy: its next answer is the disabled page, not the cached one.
    await expect.poll(async () => (await visit()).status, { timeout: 1000, intervals: [50] }).toBe(503);
  } finally {
    await admin.post("/admin/settings", { form: features(true), maxRedirects: 0 });
    await admin.dispose();
  }
  await expect.poll(async () => (await visit()).status, { timeout: 1000, intervals: [50] }).toBe(200);
});

test(`staff on one instance command a charger connected to the other, and see its answer (on PostgreSQL only: ${ON_POSTGRES ? "running" : "the PostgreSQL pass runs it"})`, async ({
  browser,
}) => {
  test.skip(!ON_POSTGRES, "needs DATABASE_URL: CI's PostgreSQL pass runs it");
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // A demo charger (the seed's password), on the wire to the first instance only, answering every call Accepted.
  const { rows } = await db.query<{ id: number }>("select id from chargers where charge_point_id = 'ZAV-CP-002'");
  const chargerId = rows[0]!.id;
  const charger = new RPCClient({
    endpoint: `ws://127.0.0.1:${FIRST_INSTANCE_PORT}/ocpp`,
    identity: "ZAV-CP-002",
    password: "zavcharge-demo",
    protocols: ["ocpp1.6"],
    strictMode: true,
    reconnect: false,
  } as never);
  const received: { method: string; params: Record<string, unknown> }[] = [];
  charger.handle(async ({ method, params }) => {
    received.push({ method: method!, params: params as Record<string, unknown> });
    return { status: "Accepted" };
  });
  const staff = await browser.newContext({ baseURL: `http://localhost:${FIRST_INSTANCE_PORT + 1}` });
  try {
    await charger.connect();
    await expect
      .poll(async () => (await db.query("select 1 from charger_connections where charger_id = $1", [chargerId])).rowCount)
      .toBe(1);

    // Staff signed in on the second instance, which does not hold the charger's socket.
    const signIn = await staff.request.post("/auth/sign-in", {
      form: { email: DEMO.staff, password: DEMO_PASSWORD, returnTo: "/" },
      headers: { origin: proxy },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    const page = await staff.newPage();
    await page.goto(`/staff/zavcharge/chargers/${chargerId}`);
    await expect(page.getByRole("heading", { name: "ZAV-CP-002" })).toBeVisible();
    await expect(page.getByText("The charger is not connected")).toHaveCount(0);
    await hydrated(page);
    const ask = page.getByRole("form", { name: "Ask for a message" });
    await ask.getByLabel("Message").selectOption("Heartbeat");
    await ask.getByRole("button", { name: "Ask for a message" }).click();
    await expect(page.getByText("The charger answered: Accepted")).toBeVisible();

    // Exactly one call reached the charger, passed from the second instance to the first through charger_commands.
    expect(received).toEqual([{ method: "TriggerMessage", params: { requestedMessage: "Heartbeat" } }]);
    const commands = await db.query("select action, status from charger_commands where charger_id = $1", [chargerId]);
    expect(commands.rows).toEqual([{ action: "triggerMessage", status: "answered" }]);
  } finally {
    await charger.close({ force: true }).catch(() => undefined);
    await staff.close();
    await db.end();
  }
});

test(`an oversized upload through the balancer is refused with its message, not cut off (on PostgreSQL only: ${ON_POSTGRES ? "running" : "the PostgreSQL pass runs it"})`, async () => {
  test.skip(!ON_POSTGRES, "needs DATABASE_URL: CI's PostgreSQL pass runs it");
  // An instance that closed the socket with the body unread reset it, and haproxy sent the visitor no answer at all.
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${proxy}/auth/sign-in`, {
      method: "POST",
      body: Buffer.alloc(3 * 1024 * 1024, "a"),
      headers: { origin: proxy, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/The upload is too large/);
  }
});

// Last in this file: it stops the second instance.
test(`an instance told to stop leaves the balancer without a visitor's request failing (on PostgreSQL only: ${ON_POSTGRES ? "running" : "the PostgreSQL pass runs it"})`, async () => {
  test.skip(!ON_POSTGRES, "needs DATABASE_URL: CI's PostgreSQL pass runs it");
  const pid = Number(new RegExp(`instance 2: pid (\\d+), port ${FIRST_INSTANCE_PORT + 1}`).exec(log)?.[1]);
  expect(pid).toBeGreaterThan(0);
  const second = `http://127.0.0.1:${FIRST_INSTANCE_PORT + 1}`;
  expect((await fetch(`${second}/ready`)).status).toBe(200);

  const statuses: number[] = [];
  let stopped = false;
  const visitor = (async () => {
    // Store pages through the balancer, one after another, before, during and after the shutdown.
    while (!stopped || statuses.length < 40) statuses.push((await fetch(`${proxy}/store`)).status);
  })();
  await expect.poll(() => statuses.length).toBeGreaterThan(10);
  process.kill(pid, "SIGTERM");
  await expect.poll(() => log, { timeout: 30_000 }).toMatch(/"msg":"stopped"/);
  await expect
    .poll(() =>
      fetch(`${second}/health`).then(
        () => "answering",
        () => "gone",
      ),
    )
    .toBe("gone");
  stopped = true;
  await visitor;
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
});
