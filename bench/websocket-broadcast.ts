// npm run bench:ws
// How long one broadcast takes to reach 10,000 websocket clients: the real realtime module (server/realtime)
// on a real HTTP server and database (in-memory PGlite, or PostgreSQL with DATABASE_URL), clients in
// separate processes (BENCH_WS_PROCESSES, default 2) authenticated with one bearer token, the event published
// through publishEvent (NOTIFY, LISTEN, fan-out). Prints the connect time and the median of BENCH_WS_RUNS
// broadcasts (default 5), from publishing to the last client's receipt. A report, not a test.
import { fork, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { openPglite, openPostgres, setDbHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { publishEvent } from "../server/realtime/publish";
import { attachRealtime } from "../server/realtime/realtime-server";
import { issueRealtimeToken } from "../server/realtime/realtime-token";
import { createSession } from "../tests/support/sessions";
import { makeUser } from "../tests/support/store-fixtures";
import { useThrowawaySecret } from "./throwaway-secret";

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 10_000);
const PROCESSES = Number(process.env.BENCH_WS_PROCESSES ?? 2);
const RUNS = Number(process.env.BENCH_WS_RUNS ?? 5);

useThrowawaySecret();
const handle = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
setDbHandle(handle);
await migrateDatabase(handle);
const user = await makeUser("customer", "Bench Listener");
const { token } = await issueRealtimeToken(user.id, (await createSession(user.id)).sessionId);

const server = createServer((_req, res) => res.end());
server.maxConnections = CLIENTS * 2;
const realtime = await attachRealtime(server, handle, { maxSocketsPerUser: CLIENTS });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;

const script = fileURLToPath(new URL("./ws-clients.mjs", import.meta.url));
type TReport = { type: "connected"; ms: number } | { type: "received"; run: number; at: number };
const workers: ChildProcess[] = [];
const waiters: ((r: TReport) => void)[] = [];
const nextReports = (n: number, type: TReport["type"]) =>
  new Promise<TReport[]>((resolve) => {
    const got: TReport[] = [];
    waiters.push(function take(r) {
      if (r.type !== type) return;
      got.push(r);
      if (got.length === n) {
        waiters.splice(waiters.indexOf(take), 1);
        resolve(got);
      }
    });
  });

const connectStart = performance.now();
const connected = nextReports(PROCESSES, "connected");
for (let i = 0; i < PROCESSES; i++) {
  const count = Math.floor(CLIENTS / PROCESSES) + (i < CLIENTS % PROCESSES ? 1 : 0);
  const child = fork(script, { env: { ...process.env, URL: url, TOKEN: token, COUNT: String(count) }, stdio: "inherit" });
  child.on("message", (m: TReport) => [...waiters].forEach((w) => w(m)));
  workers.push(child);
}
await connected;
const connectMs = performance.now() - connectStart;
console.log(
  `${realtime.count()} clients connected in ${(connectMs / 1000).toFixed(1)} s (${Math.round(realtime.count() / (connectMs / 1000))}/s, ${PROCESSES} client processes, ${handle.kind})`,
);

const times: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  await new Promise((r) => setTimeout(r, 500));
  const all = nextReports(PROCESSES, "received");
  const t0 = Date.now();
  await publishEvent(handle.db, { userId: null, type: "broadcast_bench", payload: { run } });
  const last = Math.max(...(await all).map((r) => (r as { at: number }).at));
  times.push(last - t0);
  console.log(`run ${run}: all ${CLIENTS} received the broadcast in ${last - t0} ms`);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`median ${sorted[Math.floor(sorted.length / 2)]} ms to reach ${CLIENTS} clients (runs: ${times.join(", ")} ms)`);

workers.forEach((w) => w.send({ type: "close" }));
await realtime.close();
server.close();
await handle.close();
process.exit(0);
