// npm run bench:api [-- --no-build]
// The JSON gateway under load (docs/product/api-gateway.md): requests/s of authenticated GET /api/v1/stations and
// GET /api/v1/orders at 50 connections, on the production build with the demo seed, as ratios of a bare node:http
// hello-world measured in the same run. It is a report: figures go in docs/performance.md by hand.
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONNECTIONS, failedRequests, load, LOAD_SECONDS, log, startHelloWorld, startSite } from "./site-under-load.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3305);
const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 3309);
const BASE = `http://localhost:${PORT}`;
const API = { "X-API-Version": "1.0", "X-Platform": "mobile" };
const CALLS = ["/api/v1/stations", "/api/v1/orders", "/api/v1/me"];

async function signIn() {
  const res = await fetch(`${BASE}/api/v1/auth/login`, {
    method: "POST",
    headers: { ...API, "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "customer@zavolah.ng",
      password: "Zavolah2026!",
      platform: "mobile",
      deviceInfo: { id: "bench-phone-0001", type: "mobile", name: "Bench phone" },
    }),
  });
  if (res.status !== 200) throw new Error(`API sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function main() {
  if (!process.argv.includes("--no-build")) {
    log("building the production site");
    execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });
  }
  const dataDir = mkdtempSync(join(tmpdir(), "zavolah-bench-api-"));
  const children = [];
  const stop = () => children.forEach((c) => c.kill("SIGTERM"));
  process.on("exit", stop);
  try {
    children.push(await startSite({ port: PORT, dataDir }));
    children.push(await startHelloWorld(HELLO_PORT));
    const token = await signIn();
    log(`requests/s at ${CONNECTIONS} connections, ${LOAD_SECONDS} s each`);
    const hello = await load(`http://127.0.0.1:${HELLO_PORT}/`);
    const rps = {};
    for (const path of CALLS) rps[path] = await load(BASE + path, { ...API, Authorization: `Bearer ${token}` });
    const helloAfter = await load(`http://127.0.0.1:${HELLO_PORT}/`);
    const helloRps = (hello + helloAfter) / 2;
    console.log(`\nZavolah API benchmark, ${new Date().toISOString()}, node ${process.version}`);
    console.log(`hello-world: ${Math.round(helloRps)} req/s (before ${Math.round(hello)}, after ${Math.round(helloAfter)})\n`);
    for (const path of CALLS)
      console.log(
        `${path.padEnd(22)}${String(Math.round(rps[path])).padStart(7)} req/s  (${(rps[path] / helloRps).toFixed(4)})  failed ${failedRequests.get(BASE + path) ?? 0}`,
      );
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
