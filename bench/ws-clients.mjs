// A client process for bench/websocket-broadcast.ts: opens COUNT websockets to URL with a bearer token in
// batches, then, per run the parent announces, reports when every one of its sockets received that broadcast.
import WebSocket from "ws";

const { URL: url, TOKEN: token, COUNT, BATCH } = process.env;
const count = Number(COUNT);
const batch = Number(BATCH ?? 500);
const sockets = [];
const received = new Map(); // run -> how many sockets have it

function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, perMessageDeflate: false });
    ws.on("open", () => resolve(ws));
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on("error", reject);
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString());
      if (message.type !== "broadcast_bench") return;
      const run = message.payload.run;
      const n = (received.get(run) ?? 0) + 1;
      received.set(run, n);
      if (n === count) process.send({ type: "received", run, at: Date.now() });
    });
  });
}

const started = Date.now();
for (let i = 0; i < count; i += batch) {
  const opened = await Promise.all(Array.from({ length: Math.min(batch, count - i) }, open));
  sockets.push(...opened);
}
process.send({ type: "connected", ms: Date.now() - started });
process.on("message", (m) => {
  if (m.type === "close") {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
