// npm run cluster -- --instances 3 [--port 3000] [--restart] [--max-connections 8000]: several identical instances of the built site on one PostgreSQL
// database (DATABASE_URL), behind Debian's haproxy on --port, as production runs them behind a load balancer
// (docs/operations.md#several-instances). For trying it and for measuring; `npm start` stays the one-process way.
// With --restart, an instance that stops without being told to (a crash, a kill -9) is started again on its port, as a
// process supervisor would (npm run chaos kills instances on purpose: docs/operations.md#crash-safety).
// The first instance starts alone (it migrates and seeds the demo data when SEED_DEMO=1, as `npm start` does); the
// others follow once it answers /ready. They share DATA_DIR (uploads) and BETTER_AUTH_SECRET.
// A rolling deploy (npm run deploy:rolling, docs/operations.md#rolling-deploy) replaces the instances one by one with
// another build: it drains each through haproxy's runtime API (the stats socket below) and asks this process, on its
// control socket, to stop the instance and start the new build in its place. Both sockets live in
// $TMPDIR/zavolah-cluster-<port>/.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    port: { type: "string", default: process.env.PORT ?? "3000" },
    "first-instance-port": { type: "string" },
    restart: { type: "boolean", default: false },
    // What haproxy holds open at once (visitors, live pages and chargers): npm run chaos raises it for a fleet of chargers.
    "max-connections": { type: "string", default: "8000" },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
const firstPort = Number(values["first-instance-port"] ?? port + 101);
const asked = Number(values["max-connections"]);
// haproxy needs two file descriptors per connection (the client's and the instance's) and refuses to start when the
// limit it may raise itself to is lower: a machine's hard limit (ulimit -Hn) caps what it can hold.
const hardLimit = Number(spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).stdout.trim());
const maxConnections = Number.isFinite(hardLimit) && asked * 2 + 100 > hardLimit ? Math.floor((hardLimit - 100) / 2) : asked;
if (maxConnections !== asked)
  console.log(`haproxy holds at most ${maxConnections} connections here (file descriptors limited to ${hardLimit}), not ${asked}`);
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
if (!Number.isInteger(instances) || instances < 1 || instances > 16) fail("--instances must be a whole number from 1 to 16.");
if (!Number.isInteger(port) || port < 1 || port > 65535) fail("--port must be a port number.");
if (!Number.isInteger(asked) || asked < 100) fail("--max-connections must be a whole number of 100 or more.");
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? ""))
  fail("Several instances share one PostgreSQL database: set DATABASE_URL (the embedded database serves one process only).");
if (!process.env.BETTER_AUTH_SECRET)
  fail(
    "Every instance must sign with the same secret: set BETTER_AUTH_SECRET (32 or more random characters, e.g. `openssl rand -base64 48`).",
  );
if (process.env.MQTT_PORT && process.env.MQTT_PORT !== "0" && !process.env.MQTT_URL)
  fail("Each instance would start its own embedded MQTT broker: set MQTT_URL to a shared broker, or leave MQTT_PORT unset.");
if (spawnSync("haproxy", ["-v"]).status !== 0) fail("haproxy is not installed: apt-get install haproxy (Debian's package).");
if (!existsSync("build/main/main.js")) fail("No build: run `npm run build` first.");
/** Where each instance's build is: a project folder holding build/ and server/db/migrations (this one at start). */
const builds = Array.from({ length: instances }, () => ({ dir: resolve("."), release: process.env.RELEASE }));
// The runtime API of haproxy and this process's control socket, named by the port so a deploy finds them.
const runDir = join(tmpdir(), `zavolah-cluster-${port}`);
mkdirSync(runDir, { recursive: true });
const haproxySocket = join(runDir, "haproxy.sock");
const controlSocket = join(runDir, "control.sock");

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const instanceEnv = (i) => ({
  NODE_ENV: "production",
  SEED_DEMO: "1",
  DATA_DIR: "./data",
  ...process.env,
  PORT: String(firstPort + i),
  PUBLIC_URL: publicUrl,
  // The address that counts for rate limits is the one haproxy adds (server/http/client-ip.ts).
  // One proxy of ours (haproxy) by default; 2 when something of ours stands in front of it (the journeys: their
  // X-Forwarded-For says which network a browser comes from, as a CDN's would).
  TRUST_PROXY: process.env.TRUST_PROXY && process.env.TRUST_PROXY !== "0" ? process.env.TRUST_PROXY : "1",
  // No broker per instance: MQTT devices need the shared one at MQTT_URL.
  MQTT_PORT: "0",
  // At SIGTERM an instance keeps serving 4 s after /ready turned 503: haproxy needs three failed checks, one a second.
  SHUTDOWN_NOTICE_MS: process.env.SHUTDOWN_NOTICE_MS ?? "4000",
  // One simulated solar feed is enough; the demo's readings would otherwise arrive once per instance.
  POWER_SIMULATOR: i === 0 ? (process.env.POWER_SIMULATOR ?? "1") : "0",
  // The build's name (metrics, error reports): what the deploy gave, else the build reads it from git.
  ...(builds[i].release ? { RELEASE: builds[i].release } : {}),
});

const children = [];
/** Each instance's current process, and the instances a deploy is replacing (their exit is not a crash). */
const current = [];
const replacing = new Set();
let stopping = false;
let ready = false; // set once every instance first answered /ready: a failure before that ends the cluster
const restarts = new Map(); // instance index -> restarts in a row without reaching /ready
const restartTimers = new Map(); // instance index -> the restart waiting its turn
function startInstance(i) {
  const { dir } = builds[i];
  const args = ["--enable-source-maps", "--import", pathToFileURL(join(dir, "server/react-router-production.mjs")).href];
  const child = spawn(process.execPath, [...args, join(dir, "build/main/main.js")], {
    stdio: ["ignore", "inherit", "inherit"],
    env: instanceEnv(i),
  });
  current[i] = child;
  child.on("exit", (code, signal) => {
    // A process a deploy replaced (or superseded) is not the instance any more: its exit is not a crash.
    if (stopping || replacing.has(i) || child !== current[i]) return;
    console.error(`instance ${i + 1} (port ${firstPort + i}) stopped (${signal ?? `exit ${code}`})`);
    if (!values.restart || !ready) return;
    // Started again at once, then again after 1, 2, 4... s (up to 30) while it keeps dying before it answers /ready.
    const tries = restarts.get(i) ?? 0;
    restarts.set(i, tries + 1);
    const timer = setTimeout(
      () => {
        restartTimers.delete(i);
        if (stopping) return;
        const again = startInstance(i);
        console.log(`instance ${i + 1} restarted (pid ${again.pid}, port ${firstPort + i})`);
        waitForReady(firstPort + i, again, false).then((ok) => ok && restarts.set(i, 0));
      },
      tries === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (tries - 1)),
    );
    restartTimers.set(i, timer);
  });
  children.push(child);
  // Named with its pid, so a test (or an operator trying failover) can stop one instance on purpose.
  console.log(`instance ${i + 1}: pid ${child.pid}, port ${firstPort + i}`);
  return child;
}

/** Waits for an instance's /ready; at start-up (`fatal`) an instance that exits or never answers ends the cluster. */
async function waitForReady(p, child, fatal = true) {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (fatal) fail(`instance on port ${p} exited before it answered /ready.`);
      return false;
    }
    const ok = await fetch(`http://127.0.0.1:${p}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (fatal) fail(`instance on port ${p} did not answer /ready within 2 minutes.`);
  return false;
}

// Each instance shuts down gracefully on SIGTERM (finishes its requests, tells chargers to reconnect); we wait for them.
function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill("SIGTERM");
  Promise.all(running.map((child) => new Promise((resolve) => child.once("exit", resolve)))).then(() => process.exit(code));
  setTimeout(() => process.exit(code), 20_000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
process.on("exit", () => {
  rmSync(controlSocket, { force: true });
  rmSync(haproxySocket, { force: true });
});

const first = startInstance(0);
await waitForReady(firstPort, first);
const rest = Array.from({ length: instances - 1 }, (_, k) => startInstance(k + 1));
await Promise.all(rest.map((child, k) => waitForReady(firstPort + k + 1, child)));
ready = true;

// Round robin over the instances that answer /ready (an instance shutting down answers 503 and gets no new requests;
// a connection it refuses is tried on another: retries, redispatch); websockets (the live events, chargers on /ocpp) stay on the
// instance they reached for the life of the connection. X-Forwarded-For carries the visitor's address.
// The stats socket is haproxy's runtime API: a deploy sets a server to drain (no new requests, those under way
// finish) and back to ready there.
rmSync(haproxySocket, { force: true });
const config = `global
  maxconn ${maxConnections}
  stats socket ${haproxySocket} mode 600 level admin
defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout client 65s
  timeout server 65s
  timeout tunnel 1h
frontend site
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /ready
  # Three failed checks in a row take an instance out: one slow answer under load must not empty the backend.
  timeout check 3s
  retries 3
  option redispatch
  retry-on conn-failure empty-response
  http-request disable-l7-retry unless METH_GET || METH_HEAD
${Array.from({ length: instances }, (_, i) => `  server instance${i + 1} 127.0.0.1:${firstPort + i} check inter 1s fall 3 rise 2`).join("\n")}
`;
const configFile = join(runDir, "haproxy.cfg");
writeFileSync(configFile, config);
const proxy = spawn("haproxy", ["-W", "-db", "-f", configFile], { stdio: ["ignore", "inherit", "inherit"] });
children.push(proxy);
proxy.on("exit", (code) => {
  if (!stopping) {
    console.error(`haproxy stopped (exit ${code})`);
    stopAll(1);
  }
});
console.log(
  `Zavolah: ${instances} instance${instances === 1 ? "" : "s"} (ports ${firstPort}-${firstPort + instances - 1}) behind haproxy on ${publicUrl}`,
);

// The control socket: one JSON command a line, one JSON answer a line (scripts/deploy-rolling.ts speaks it).
// {"command":"status"}: the instances (haproxy's name for each, port, pid, build folder).
// {"command":"replace","instance":2,"dir":"/srv/zavolah-next","release":"abc123"}: the instance is stopped gracefully
// (SIGTERM: it finishes its requests and tells its chargers to reconnect; SIGKILL after 60 s) and the build in `dir`
// started on its port; answered once the new process runs (waiting for its /ready is the deploy's part). From then on
// --restart brings back that build.
const status = () => ({
  haproxySocket,
  backend: "instances",
  instances: builds.map((b, i) => ({
    instance: i + 1,
    server: `instance${i + 1}`,
    port: firstPort + i,
    pid: current[i]?.pid ?? null,
    running: current[i] ? current[i].exitCode === null && current[i].signalCode === null : false,
    dir: b.dir,
    release: b.release ?? null,
  })),
});
async function replace(i, dir, release) {
  if (!Number.isInteger(i) || i < 0 || i >= instances) throw new Error("no such instance");
  if (typeof dir !== "string" || !existsSync(join(dir, "build/main/main.js"))) throw new Error(`no build in ${dir}`);
  if (replacing.has(i)) throw new Error(`instance ${i + 1} is already being replaced`);
  replacing.add(i);
  // An instance crashing again and again (a build that does not start) waits for its next restart: not any more.
  clearTimeout(restartTimers.get(i));
  restartTimers.delete(i);
  restarts.set(i, 0);
  try {
    const old = current[i];
    const startedAt = Date.now();
    if (old && old.exitCode === null && old.signalCode === null) {
      const gone = new Promise((done) => old.once("exit", done));
      old.kill("SIGTERM");
      const hard = setTimeout(() => old.kill("SIGKILL"), 60_000);
      await gone;
      clearTimeout(hard);
    }
    const stoppedMs = Date.now() - startedAt;
    if (stopping) throw new Error("the cluster is stopping");
    builds[i] = { dir: resolve(dir), release: typeof release === "string" && release ? release : undefined };
    const child = startInstance(i);
    console.log(`instance ${i + 1} replaced: pid ${old?.pid ?? "-"} stopped in ${stoppedMs} ms, pid ${child.pid} runs ${builds[i].dir}`);
    return { oldPid: old?.pid ?? null, pid: child.pid, stoppedMs };
  } finally {
    replacing.delete(i);
  }
}
rmSync(controlSocket, { force: true });
const control = createServer((socket) => {
  let buffer = "";
  socket.setEncoding("utf8");
  socket.on("error", () => undefined);
  socket.on("data", (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const answer = async () => {
        const request = JSON.parse(line);
        if (request.command === "status") return status();
        if (request.command === "replace") return replace(Number(request.instance) - 1, request.dir, request.release);
        throw new Error(`unknown command ${request.command}`);
      };
      answer().then(
        (result) => socket.write(`${JSON.stringify({ ok: true, ...result })}\n`),
        (error) => socket.write(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`),
      );
    }
  });
});
control.listen(controlSocket);
control.unref();
