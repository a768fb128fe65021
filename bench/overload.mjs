// npm run bench:overload [-- --no-build]
// Load shedding's target (docs/operations.md#load-shedding, docs/performance.md#load-shedding-npm-run-benchoverload): the production build on
// one PGlite process, 50 connections on each signed-in dashboard for 20 s (BENCH_OVERLOAD_SECONDS), with load shedding
// as recommended (bench/site-under-load.mjs SHEDDING_ON, or SHED_* in the environment) and with it off (SHED_*=0) on a second process, in turn,
// BENCH_ROUNDS times (default 3). Prints each run and the medians: served requests/s, their p99 and longest wait, the
// 503s and their longest, time-outs. `npm run bench` runs the same scenario once a dashboard.
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  describeOverload,
  load,
  log,
  overload,
  OVERLOAD_SECONDS,
  SHEDDING_ON,
  signIn,
  startHelloWorld,
  startSite,
} from "./site-under-load.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3305);
const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 3309);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DASHBOARDS = (process.env.BENCH_DASHBOARDS ?? "/client-dashboard,/student/dashboard,/zavcharge/dashboard").split(",");
const OFF = { SHED_EVENT_LOOP_LAG_MS: "0", SHED_MAX_REQUESTS_IN_FLIGHT: "0" };
// BENCH_MODES=on measures only with load shedding (to try settings); the default compares it with off.
const MODES = (process.env.BENCH_MODES ?? "off,on").split(",");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  if (!process.argv.includes("--no-build")) {
    log("building the production site");
    execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });
  }
  const dirs = [mkdtempSync(join(tmpdir(), "zavolah-bench-on-")), mkdtempSync(join(tmpdir(), "zavolah-bench-off-"))];
  const children = [];
  const stop = () => children.forEach((c) => c.kill("SIGTERM"));
  process.on("exit", stop);
  try {
    const sites = { on: `http://localhost:${PORT}`, off: `http://localhost:${PORT + 1}` };
    log("starting two sites on fresh PGlite folders with the demo seed: load shedding as configured, and off");
    const cookies = {};
    for (const [i, mode] of MODES.entries()) {
      children.push(await startSite({ port: new URL(sites[mode]).port, dataDir: dirs[i], env: mode === "off" ? OFF : SHEDDING_ON }));
      cookies[mode] = await signIn(sites[mode]);
    }
    children.push(await startHelloWorld(HELLO_PORT));
    const hello = await load(`http://127.0.0.1:${HELLO_PORT}/`);
    const settings = `SHED_EVENT_LOOP_LAG_MS=${SHEDDING_ON.SHED_EVENT_LOOP_LAG_MS} SHED_MAX_REQUESTS_IN_FLIGHT=${SHEDDING_ON.SHED_MAX_REQUESTS_IN_FLIGHT}`;
    log(`hello-world ${Math.round(hello)} req/s; ${ROUNDS} round(s) of ${OVERLOAD_SECONDS} s a dashboard; shedding on: ${settings}`);
    const runs = Object.fromEntries(DASHBOARDS.map((p) => [p, { on: [], off: [] }]));
    for (let round = 1; round <= ROUNDS; round++)
      for (const p of DASHBOARDS)
        for (const mode of round % 2 ? MODES : [...MODES].reverse()) {
          const r = await overload(sites[mode] + p, { cookie: cookies[mode] });
          runs[p][mode].push(r);
          console.log(`round ${round} ${p} shedding ${mode}: ${describeOverload(r)}`);
        }
    const helloAfter = await load(`http://127.0.0.1:${HELLO_PORT}/`);
    console.log(`\nhello-world ${Math.round(hello)} req/s before, ${Math.round(helloAfter)} after; medians of ${ROUNDS}:`);
    for (const p of DASHBOARDS) {
      const m = (mode, key) => median(runs[p][mode].map((r) => r[key]));
      for (const mode of MODES)
        console.log(
          `${p.padEnd(22)} ${mode.padEnd(4)} served ${m(mode, "servedRps").toFixed(1)} req/s, p99 ${Math.round(m(mode, "servedP99"))} ms, ` +
            `max ${Math.round(m(mode, "servedMax"))} ms; 503 ${Math.round(m(mode, "shed"))}, p99 ${Math.round(m(mode, "shedP99"))} ms, ` +
            `max ${Math.round(m(mode, "shedMax"))} ms; time-outs ${runs[p][mode].map((r) => r.timeouts).join(",")}`,
        );
      if (MODES.length === 2) console.log(`${"".padEnd(22)} served on/off ${(m("on", "servedRps") / m("off", "servedRps")).toFixed(2)}`);
    }
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 1500));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
