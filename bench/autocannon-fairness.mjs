// Whether the dashboards' time-outs at 50 connections (docs/performance.md, "The dashboards' time-outs") come from our
// pages or from saturation itself: a bare node:http server that spends 22 ms of CPU on each request (a dashboard's
// cost here) and answers BODY_BYTES (66 KB, a dashboard's size), loaded at 50 connections by autocannon and by a plain
// keep-alive client, in turn. `node bench/autocannon-fairness.mjs` (BENCH_SECONDS=15 BODY_BYTES=1000 to vary it).
import { fork } from "node:child_process";
import autocannon from "autocannon";
import { CONNECTIONS, LOAD_SECONDS, loadWithKeepAliveClient } from "./site-under-load.mjs";

if (process.argv[2] === "--serve") {
  const { createServer } = await import("node:http");
  const body = "x".repeat(Number(process.env.BODY_BYTES ?? 66_000));
  createServer((req, res) => {
    const until = performance.now() + 22;
    while (performance.now() < until); // the page's CPU
    res.writeHead(200, { "content-type": "text/html" });
    res.end(body);
  }).listen(0, "127.0.0.1", function () {
    process.send?.(this.address().port);
  });
} else {
  const server = fork(new URL(import.meta.url), ["--serve"]);
  const port = await new Promise((resolve) => server.once("message", resolve));
  const url = `http://127.0.0.1:${port}/`;
  try {
    const a = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS });
    console.log(
      `autocannon:        ${a.requests.average.toFixed(1)} req/s, p50 ${a.latency.p50} ms, p99 ${a.latency.p99} ms, max ${a.latency.max} ms, ${a.timeouts} time-outs`,
    );
    const k = await loadWithKeepAliveClient(url);
    console.log(
      `keep-alive client: ${k.rps.toFixed(1)} req/s, p50 ${k.p50} ms, p99 ${k.p99} ms, max ${k.max} ms, ${k.failed} over 10 s or failed`,
    );
  } finally {
    server.kill();
  }
}
