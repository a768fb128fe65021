// npm run bench:ocpp -- --chargers 10000 [--clients 2] [--duration 60] [--meter-interval 60]
//   [--heartbeat-interval 300] [--charging 0.1] [--rate 500] [--max-handshakes 64] [--server-handshakes 256] [--reconnect]
// Many chargers on one server process: the real OCPP central system (createOcppServer behind dispatchUpgrades on a
// real HTTP server, 127.0.0.1) on a fresh database (in-memory PGlite; with DATABASE_URL a fresh PostgreSQL database
// created beside it and dropped afterwards), N commissioned chargers seeded in bulk, and 1-2 client processes
// (bench/ocpp-client.mjs) playing them with ocpp-rpc: connections ramped at --rate per second, BootNotification
// each, a transaction started on --charging of them against seeded driver accounts, then Heartbeat every
// heartbeat interval and MeterValues every meter interval, spread evenly. After all are connected it measures for
// --duration seconds: calls per second, p50/p95/p99 latency per action (client-side, per call), errors, server RSS
// and heap before/after and per connection. A report, not a test: it exits 0. Target: 10,000 chargers, p99 < 50 ms.
//
// Every connection costs the server one check of the charger's password: a keyed hash (HMAC) since 2026-11-28, a
// scrypt verification of ~45 ms of CPU before, which made the connect phase of 10,000 chargers take 8-25 minutes on 2
// shared cores. `--auth once` looks each charger up as the server does but checks the shared password once (kept to
// compare with earlier runs). The seed hashes one password once and gives it to every charger. `--reconnect`: after
// the measurement, every client drops all its connections at once (as a server restart does) and opens them again
// with --rate and --max-handshakes as high as given; it reports how long until every charger is back and booted
// (docs/performance.md; target: 10,000 in under 60 s). The server sets up at most --server-handshakes connections at once
// and answers the next 503, which the clients retry after 0.2-1 s, as chargers do; it also reports how long its event
// loop was held up in each phase (what a /health check would wait). Each client process holds N/clients sockets and
// the server N: raise the file-descriptor limit first (`ulimit -n 65536`; Node cannot raise it itself).
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { eq } from "drizzle-orm";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { dispatchUpgrades } from "../server/http/dispatch-upgrades";
import type { authenticateCharger } from "../server/zavcharge/chargers/authenticate-charger";
import { verifyChargerPassword } from "../server/zavcharge/chargers/charger-password";
import { createOcppServer } from "../server/zavcharge/chargers/ocpp/ocpp-server";
import { chargers } from "../server/zavcharge/schema";
import { seedChargerFleet } from "./charger-fleet";
import { useThrowawaySecret } from "./throwaway-secret";

const { values: args } = parseArgs({
  options: {
    chargers: { type: "string", default: "10000" },
    clients: { type: "string", default: "2" },
    duration: { type: "string", default: "60" },
    "meter-interval": { type: "string", default: "60" },
    "heartbeat-interval": { type: "string", default: "300" },
    charging: { type: "string", default: "0.1" },
    rate: { type: "string", default: "500" },
    "max-handshakes": { type: "string", default: "64" },
    // The server's own cap on connections being set up at once (createOcppServer's maxHandshakes).
    "server-handshakes": { type: "string", default: "256" },
    auth: { type: "string", default: "real" },
    reconnect: { type: "boolean", default: false },
  },
});
const num = (name: keyof typeof args, min: number, max: number) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(2);
  }
  return n;
};
const N = Math.round(num("chargers", 1, 100_000));
const CLIENTS = Math.round(num("clients", 1, 8));
const DURATION = num("duration", 1, 3600);
const METER_INTERVAL = num("meter-interval", 1, 3600);
const HEARTBEAT_INTERVAL = Math.round(num("heartbeat-interval", 10, 86_400));
const CHARGING = num("charging", 0, 1);
const RATE = num("rate", 1, 100_000);
const MAX_HANDSHAKES = Math.round(num("max-handshakes", 1, 10_000));
const PASSWORD = "bench-charger-password-16+";
if (args.auth !== "real" && args.auth !== "once") {
  console.error("--auth must be real (the server's own check on every connection) or once");
  process.exit(2);
}
// Chargers' passwords are keyed with the signing secret (charger-password.ts): a throwaway one for the run.
useThrowawaySecret();

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};

async function openDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { handle: await openPglite(undefined), drop: async () => {} };
  const pg = await import("pg");
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  const name = `zavolah_bench_ocpp_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    handle: await openPostgres(fresh.toString()),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const f = (ms: number) => (Number.isNaN(ms) ? "-" : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

const workers: ChildProcess[] = [];
process.on("exit", () => workers.forEach((w) => w.connected && w.kill()));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

const { handle, drop } = await openDatabase();
setDbHandle(handle);
await migrateDatabase(handle);
const drivers = Math.round(N * CHARGING);
const seedStart = performance.now();
const { idTags } = await seedChargerFleet(handle, {
  prefix: "BNCH",
  chargers: N,
  drivers,
  password: PASSWORD,
  heartbeatIntervalSeconds: HEARTBEAT_INTERVAL,
  balanceKobo: 100_000_000,
});
console.log(
  `OCPP bench: ${N.toLocaleString("en")} chargers (${drivers.toLocaleString("en")} charging), ${handle.kind}, ${CLIENTS} client processes, heartbeat ${HEARTBEAT_INTERVAL} s, meter values ${METER_INTERVAL} s, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

// --auth once: the charger is looked up as authenticateCharger does, but the shared password is checked once and its
// verdict reused, so a big connect phase measures everything but the hash (bench only; see the header).
let verdict: Promise<boolean> | null = null;
const authenticate: typeof authenticateCharger = async (chargePointId, password) => {
  const [c] = await handle.db
    .select({ id: chargers.id, stationId: chargers.stationId, hash: chargers.passwordHash })
    .from(chargers)
    .where(eq(chargers.chargePointId, chargePointId.slice(0, 64)));
  const text = typeof password === "string" ? password : (password?.toString("utf8") ?? "");
  verdict ??= verifyChargerPassword(text, c?.hash ?? null);
  return c && text === PASSWORD && (await verdict) ? { chargerId: c.id, stationId: c.stationId, chargePointId } : null;
};
const ocpp = createOcppServer({
  maxHandshakes: Math.round(num("server-handshakes", 1, 1_000_000)),
  ...(args.auth === "once" ? { authenticate } : {}),
});
const server = createServer((_req, res) => res.writeHead(404).end());
server.maxConnections = N * 2;
dispatchUpgrades(server, { realtime: (_req, socket) => socket.destroy(), ocpp: ocpp.handleUpgrade });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
const before = memory();

type TReport =
  | { type: "connected"; ms: number; open: number; connectErrors: number; charging: number; busyAnswers: number }
  | { type: "report"; samples: [string, number, boolean][] };
const waiters: ((r: TReport) => void)[] = [];
const nextReports = <T extends TReport["type"]>(type: T) =>
  new Promise<Extract<TReport, { type: T }>[]>((resolve) => {
    const got: Extract<TReport, { type: T }>[] = [];
    waiters.push(function take(r) {
      if (r.type !== type) return;
      got.push(r as Extract<TReport, { type: T }>);
      if (got.length === CLIENTS) {
        waiters.splice(waiters.indexOf(take), 1);
        resolve(got);
      }
    });
  });

const script = fileURLToPath(new URL("./ocpp-client.mjs", import.meta.url));
// How long the server's event loop was held up (a request to /health waits that long): p99 and max per phase.
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
const loopReport = () => {
  const r = `event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`;
  loopDelay.reset();
  return r;
};
loopDelay.enable();
const connected = nextReports("connected");
const connectStart = performance.now();
for (let i = 0, first = 0; i < CLIENTS; i++) {
  const count = Math.floor(N / CLIENTS) + (i < N % CLIENTS ? 1 : 0);
  const child = fork(script, { stdio: "inherit" });
  child.on("message", (m: TReport) => [...waiters].forEach((w) => w(m)));
  const tags = Object.fromEntries(Object.entries(idTags).filter(([k]) => Number(k) >= first && Number(k) < first + count));
  child.send({
    type: "start",
    url,
    password: PASSWORD,
    prefix: "BNCH",
    first,
    count,
    idTags: tags,
    rate: RATE / CLIENTS,
    maxHandshakes: Math.max(1, Math.round(MAX_HANDSHAKES / CLIENTS)),
    heartbeatInterval: HEARTBEAT_INTERVAL,
    meterInterval: METER_INTERVAL,
  });
  workers.push(child);
  first += count;
}
const up = await connected;
const connectS = (performance.now() - connectStart) / 1000;
const open = up.reduce((a, r) => a + r.open, 0);
const connectErrors = up.reduce((a, r) => a + r.connectErrors, 0);
const charging = up.reduce((a, r) => a + r.charging, 0);
console.log(
  `connected and booted: ${open.toLocaleString("en")} of ${N.toLocaleString("en")} in ${connectS.toFixed(1)} s (${Math.round(open / connectS)}/s), ${charging.toLocaleString("en")} charging, ${connectErrors} failed, ${up.reduce((a, r) => a + r.busyAnswers, 0)} answered busy (503) and retried; ${loopReport()}`,
);

const from = Date.now();
loopReport();
await new Promise((r) => setTimeout(r, DURATION * 1000));
const to = Date.now();
const reports = nextReports("report");
workers.forEach((w) => w.send({ type: "report", from, to }));
const samples = (await reports).flatMap((r) => r.samples);
const after = memory();

const seconds = (to - from) / 1000;
console.log(
  `measured ${seconds.toFixed(0)} s: ${samples.length.toLocaleString("en")} calls, ${(samples.length / seconds).toFixed(1)} calls/s`,
);
for (const action of [...new Set(samples.map((s) => s[0]))].sort()) {
  const mine = samples.filter((s) => s[0] === action);
  const ok = mine.filter((s) => s[2]).map((s) => s[1]);
  ok.sort((a, b) => a - b);
  console.log(
    `  ${action.padEnd(17)} ${String(mine.length).padStart(6)} calls  ${(mine.length / seconds).toFixed(1).padStart(6)}/s  p50 ${f(percentile(ok, 50))} ms  p95 ${f(percentile(ok, 95))} ms  p99 ${f(percentile(ok, 99))} ms  max ${f(ok.at(-1) ?? NaN)} ms  errors ${mine.length - ok.length}`,
  );
}
console.log(
  `server memory (${handle.kind === "pglite" ? "the in-process PGlite database included" : "PostgreSQL is another process"}): RSS ${mb(before.rss)} -> ${mb(after.rss)}, heap ${mb(before.heap)} -> ${mb(after.heap)}; per connection ${((after.rss - before.rss) / Math.max(1, open) / 1024).toFixed(1)} KB RSS, ${((after.heap - before.heap) / Math.max(1, open) / 1024).toFixed(1)} KB heap`,
);

if (args.reconnect) {
  // The storm: every charger drops and comes back at once.
  const back = nextReports("connected");
  const stormStart = performance.now();
  workers.forEach((w) =>
    w.send({ type: "reconnect", rate: RATE / CLIENTS, maxHandshakes: Math.max(1, Math.round(MAX_HANDSHAKES / CLIENTS)) }),
  );
  const again = await back;
  const stormS = (performance.now() - stormStart) / 1000;
  const reopened = again.reduce((a, r) => a + r.open, 0);
  const failed = again.reduce((a, r) => a + r.connectErrors, 0);
  console.log(
    `reconnect storm: ${reopened.toLocaleString("en")} of ${open.toLocaleString("en")} back and booted in ${stormS.toFixed(1)} s (${Math.round(reopened / stormS)}/s), ${failed} failed, ${again.reduce((a, r) => a + r.busyAnswers, 0)} answered busy (503) and retried; ${loopReport()}`,
  );
}

// Clean up: the clients drop their sockets and exit. The server then marks each charger offline (one transaction
// each); it gets 20 s for that, then the database is dropped (PGlite: discarded with the process).
const gone = workers.map((w) => new Promise((r) => w.once("exit", r)));
workers.forEach((w) => w.send({ type: "close" }));
await Promise.all(gone);
await Promise.race([ocpp.close(), new Promise((r) => setTimeout(r, 20_000))]);
server.close();
server.closeAllConnections();
await Promise.race([handle.close(), new Promise((r) => setTimeout(r, 5_000))]);
// A connection still busy when the database is dropped is ended by PostgreSQL (57P01): expected here.
process.on("uncaughtException", (err: { code?: string }) => {
  if (err?.code !== "57P01") throw err;
});
await drop().catch((err: unknown) => console.error("could not drop the bench database:", err));
process.exit(0);
