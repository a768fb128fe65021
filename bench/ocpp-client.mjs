// A client process for bench/ocpp-chargers.ts: plays chargers <prefix>-CP-<first> .. <prefix>-CP-<first+count-1> with
// ocpp-rpc. It opens their connections at a capped rate (and a cap on handshakes in flight: each one costs the
// server a scrypt verification), boots each, starts a transaction on those the parent gave an id tag, then keeps
// every charger on its schedule: a Heartbeat every heartbeat interval and, while charging, MeterValues every meter
// interval, each charger at its own random phase so the load is spread evenly. Every call's latency is measured
// here, per call; the parent asks for the samples of its measurement window. Asked to reconnect, it drops every
// connection at once, as a server restart does, and opens them all again (boot and heartbeats; the transactions
// stay open on the server): the reconnect storm.
import { RPCClient } from "ocpp-rpc";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const clients = [];
const samples = []; // [at, action, ms, ok]
const timers = new Set();
let closing = false;
let callErrors = 0;
let busyAnswers = 0;

function every(ms, firstInMs, fn) {
  const tick = () => {
    if (closing) return;
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
      tick();
    }, wait);
    timers.add(t);
    wait = ms;
  };
  let wait = firstInMs;
  tick();
}

async function timed(client, action, params) {
  const t0 = performance.now();
  try {
    const answer = await client.call(action, params);
    samples.push([Date.now(), action, performance.now() - t0, true]);
    return answer;
  } catch (err) {
    samples.push([Date.now(), action, performance.now() - t0, false]);
    if (!closing && ++callErrors <= 3) console.error(`bench client: ${action} failed: ${err?.message ?? err}`);
    return null;
  }
}

async function runCharger(cfg, index, idTag) {
  const client = new RPCClient({
    endpoint: `${cfg.url}/ocpp`,
    identity: `${cfg.prefix}-CP-${index}`,
    password: cfg.password,
    protocols: ["ocpp1.6"],
    strictMode: false, // the server validates; sparing the client's CPU keeps its timings honest
    reconnect: false,
    pingIntervalMs: 0,
    callTimeoutMs: 30_000,
  });
  client.on("error", () => {});
  // An instance setting up as many connections as it takes at once answers 503: a charger tries again after a moment.
  for (let attempt = 0; ; attempt++) {
    try {
      await client.connect();
      break;
    } catch (err) {
      if (closing || !/503|Service Unavailable/.test(String(err?.message ?? err)) || attempt > 200) throw err;
      busyAnswers++;
      await sleep(200 + Math.random() * 800);
    }
  }
  clients.push(client);
  const boot = await timed(client, "BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Bench-22" });
  if (boot?.status !== "Accepted") throw new Error(`boot ${boot?.status ?? "failed"}`);
  const hbMs = cfg.heartbeatInterval * 1000;
  every(hbMs, Math.random() * hbMs, () => void timed(client, "Heartbeat", {}));
  if (!idTag) return false;
  let meterWh = 1_000_000;
  const start = await timed(client, "StartTransaction", {
    connectorId: 1,
    idTag,
    meterStart: meterWh,
    timestamp: new Date().toISOString(),
  });
  const transactionId = start?.idTagInfo?.status === "Accepted" ? start.transactionId : null;
  if (!transactionId) throw new Error(`start ${start?.idTagInfo?.status ?? "failed"}`);
  const meterMs = cfg.meterInterval * 1000;
  const powerW = 7000;
  let soc = 30;
  every(meterMs, Math.random() * meterMs, () => {
    meterWh += Math.round((powerW * cfg.meterInterval) / 3600);
    soc = Math.min(99, soc + 0.2);
    void timed(client, "MeterValues", {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: String(meterWh), measurand: "Energy.Active.Import.Register", unit: "Wh" },
            { value: String(Math.floor(soc)), measurand: "SoC", unit: "Percent" },
            { value: String(powerW), measurand: "Power.Active.Import", unit: "W" },
          ],
        },
      ],
    });
  });
  return true;
}

async function connectAll(cfg) {
  const started = Date.now();
  const gap = 1000 / cfg.rate;
  let inFlight = 0;
  let connectErrors = 0;
  let charging = 0;
  const all = [];
  const firstErrors = [];
  for (let i = 0; i < cfg.count; i++) {
    while (inFlight >= cfg.maxHandshakes) await sleep(5);
    const due = started + i * gap;
    if (due > Date.now()) await sleep(due - Date.now());
    const index = cfg.first + i;
    inFlight++;
    all.push(
      runCharger(cfg, index, cfg.idTags[index])
        .then((c) => void (c && charging++))
        .catch((err) => {
          connectErrors++;
          if (firstErrors.length < 3) firstErrors.push(`${cfg.prefix}-CP-${index}: ${err?.message ?? err}`);
        })
        .finally(() => inFlight--),
    );
  }
  await Promise.all(all);
  for (const e of firstErrors) console.error(`bench client: ${e}`);
  process.send({ type: "connected", ms: Date.now() - started, open: clients.length, connectErrors, charging, busyAnswers });
  busyAnswers = 0;
}

let config = null;

/** Drops every connection at once and opens them all again as fast as the caps allow. */
async function reconnectAll(m) {
  closing = true;
  timers.forEach(clearTimeout);
  timers.clear();
  const dropped = clients.splice(0);
  await Promise.all(dropped.map((c) => c.close({ force: true, awaitPending: false }).catch(() => {})));
  closing = false;
  await connectAll({ ...config, idTags: {}, rate: m.rate, maxHandshakes: m.maxHandshakes });
}

process.on("message", (m) => {
  if (m.type === "start") {
    config = m;
    void connectAll(m);
  } else if (m.type === "reconnect") void reconnectAll(m);
  else if (m.type === "report") {
    const inWindow = samples.filter((s) => s[0] >= m.from && s[0] <= m.to);
    process.send({ type: "report", samples: inWindow.map((s) => [s[1], Math.round(s[2] * 100) / 100, s[3]]) });
  } else if (m.type === "close") {
    closing = true;
    timers.forEach(clearTimeout);
    for (const c of clients) c.close({ force: true, awaitPending: false }).catch(() => {});
    setTimeout(() => process.exit(0), 200);
  }
});
process.on("disconnect", () => process.exit(0)); // the parent is gone: so are we
