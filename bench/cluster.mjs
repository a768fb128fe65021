// npm run bench:cluster [-- --instances 1,2] [-- --no-build]: the site on PostgreSQL (DATABASE_URL names a server
// and a database to create others from) as 1, then 2 instances behind haproxy (scripts/cluster.mjs), each on a fresh
// database with the demo seed; requests/s at 50 connections through the balancer for an anonymous and a signed-in
// page and the three dashboards, as ratios of a bare node:http hello-world measured in the same run. A report: it
// prints the table and exits 0 (docs/performance.md keeps the figures).
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { CONNECTIONS, failedRequests, load, LOAD_SECONDS, log, startHelloWorld, waitFor } from "./site-under-load.mjs";

const { values } = parseArgs({ options: { instances: { type: "string", default: "1,2" }, "no-build": { type: "boolean" } } });
const COUNTS = values.instances.split(",").map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 3319);
const BASE = `http://localhost:${PORT}`;
const PAGES = [
  { path: "/store", signedIn: false },
  { path: "/store", signedIn: true },
  { path: "/client-dashboard", signedIn: true },
  { path: "/student/dashboard", signedIn: true },
  { path: "/zavcharge/dashboard", signedIn: true },
];
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) {
  console.error("Set DATABASE_URL to a PostgreSQL server (a database on it to connect to; each run creates its own).");
  process.exit(1);
}

async function withAdmin(sql) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function signIn() {
  const res = await fetch(`${BASE}/auth/sign-in`, {
    method: "POST",
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "customer@zavolah.ng", password: "Zavolah2026!", returnTo: "/" }),
    redirect: "manual",
  });
  // Only the session: the one-time flash cookie of the sign-in would make the next page render for this request.
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

async function measure(instances) {
  const name = `zavolah_bench_${instances}_${Date.now()}`;
  await withAdmin(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "zavolah-bench-cluster-"));
  const cluster = spawn(
    process.execPath,
    ["scripts/cluster.mjs", "--instances", String(instances), "--port", String(PORT), "--first-instance-port", String(PORT + 1)],
    {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        SIGN_IN_IP_MAX_FAILURES: "1000",
        POWER_SIMULATOR: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  try {
    log(`${instances} instance(s) on PostgreSQL behind haproxy: starting`);
    await waitFor(`${BASE}/health`, 180_000);
    const cookie = await signIn();
    const rows = [];
    for (const page of PAGES) {
      const failedBefore = failedRequests.get(BASE + page.path) ?? 0;
      const rps = await load(BASE + page.path, page.signedIn ? { cookie } : {});
      rows.push({ rps, failed: (failedRequests.get(BASE + page.path) ?? 0) - failedBefore });
    }
    return rows;
  } finally {
    const exited = new Promise((resolve) => cluster.once("exit", resolve));
    cluster.kill("SIGTERM");
    await exited;
    await withAdmin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!values["no-build"]) {
  log("building the production site");
  execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });
}
const hello = await startHelloWorld(HELLO_PORT);
try {
  const helloBefore = await load(`http://127.0.0.1:${HELLO_PORT}/`);
  const results = [];
  for (const n of COUNTS) results.push(await measure(n));
  const helloAfter = await load(`http://127.0.0.1:${HELLO_PORT}/`);
  const helloRps = (helloBefore + helloAfter) / 2;
  console.log(
    `\nnpm run bench:cluster, ${new Date().toISOString()}, node ${process.version}, PostgreSQL, haproxy, ${LOAD_SECONDS} s at ${CONNECTIONS} connections a page; hello-world ${Math.round(helloRps)} req/s (before ${Math.round(helloBefore)}, after ${Math.round(helloAfter)})\n`,
  );
  console.log(`| page | ${COUNTS.map((n) => `${n} instance${n === 1 ? "" : "s"}: req/s (ratio), failed`).join(" | ")} |`);
  console.log(`|---|${COUNTS.map(() => "---").join("|")}|`);
  PAGES.forEach((page, i) => {
    const cells = results.map(
      (rows) => `${Math.round(rows[i].rps).toLocaleString("en")} (${(rows[i].rps / helloRps).toFixed(4)}), ${rows[i].failed}`,
    );
    console.log(`| \`${page.path}\` ${page.signedIn ? "signed in" : "anonymous"} | ${cells.join(" | ")} |`);
  });
} finally {
  hello.kill("SIGTERM");
}
