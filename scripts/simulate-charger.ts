// A scripted OCPP 1.6J charger for trying the central system by hand (docs/product/zavcharge.md#chargers):
//
//   npm run simulate:charger -- --id ZAV-CP-001 --password zavcharge-demo --url ws://localhost:3000 \
//     --card ZAV48213907LEKK --power 7 --soc-start 40 --minutes 2 --interval 1
//
// With --mqtt mqtt://localhost:1883 it plays an Arduino charger over MQTT instead (e.g. --id ZAV-AR-001): the
// same messages, as {action, messageId, payload} on its status topic, answered on its commands topic.
//
// It boots, reports connector Available then Preparing, authorises the card, starts a transaction, sends
// MeterValues (energy register in Wh, SoC, active power) every interval, and stops after --minutes with
// StopTransaction, then reports Available again. It obeys RemoteStopTransaction (the prepaid auto-stop) and,
// without --card, waits for a RemoteStartTransaction from the site. Ctrl+C stops the charge cleanly.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { connectAsync, type MqttClient } from "mqtt";
import { RPCClient } from "ocpp-rpc";
import { mqttTopics } from "../domain/zavcharge/chargers/mqtt";

const { values: args } = parseArgs({
  options: {
    id: { type: "string", default: "ZAV-CP-001" },
    password: { type: "string", default: "zavcharge-demo" },
    url: { type: "string", default: "ws://localhost:3000" },
    mqtt: { type: "string" },
    card: { type: "string" },
    connector: { type: "string", default: "1" },
    power: { type: "string", default: "7" },
    "soc-start": { type: "string", default: "40" },
    "battery-kwh": { type: "string", default: "40" },
    "meter-start": { type: "string", default: "1000000" },
    minutes: { type: "string", default: "2" },
    interval: { type: "string", default: "10" },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(
    "Options: --id --password --url | --mqtt mqtt://localhost:1883 --card <idTag> --connector 1 --power <kW> --soc-start <%> --battery-kwh 40 --meter-start <Wh> --minutes 2 --interval <s>",
  );
  process.exit(0);
}

const num = (name: string, v: string | undefined, min: number, max: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(2);
  }
  return n;
};
const connectorId = num("connector", args.connector, 1, 99);
const powerKw = num("power", args.power, 0.1, 400);
const batteryWh = num("battery-kwh", args["battery-kwh"], 1, 300) * 1000;
const minutes = num("minutes", args.minutes, 0.05, 24 * 60);
const intervalS = num("interval", args.interval, 0.2, 3600);
let meterWh = Math.round(num("meter-start", args["meter-start"], 0, 1e12));
let socExact = num("soc-start", args["soc-start"], 0, 100);

const say = (...parts: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...parts);
const now = () => new Date().toISOString();

type THandler = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
/** The charger's side of the conversation, over OCPP-J or MQTT. */
type TLink = {
  connect(): Promise<void>;
  call(action: string, payload: Record<string, unknown>): Promise<Record<string, unknown>>;
  handle(action: string, handler: THandler): void;
  close(): Promise<void>;
  where: string;
};

function ocppLink(): TLink {
  const client = new RPCClient({
    endpoint: `${args.url!.replace(/\/+$/, "")}/ocpp`,
    identity: args.id!,
    password: args.password!,
    protocols: ["ocpp1.6"],
    strictMode: true,
    reconnect: false,
  } as never);
  return {
    where: `${args.url}/ocpp/${args.id}`,
    connect: async () => void (await client.connect()),
    call: async (action, payload) => (await client.call(action, payload)) as Record<string, unknown>,
    handle: (action, handler) => client.handle(action, ({ params }) => handler(params as Record<string, unknown>)),
    close: async () => void (await client.close({ code: 1000, reason: "Simulation over" }).catch(() => undefined)),
  };
}

function mqttLink(url: string): TLink {
  const id = args.id!;
  const status = mqttTopics.chargerStatus(id);
  let client: MqttClient | null = null;
  const handlers = new Map<string, THandler>();
  const answers = new Map<string, { resolve: (p: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const send = (message: Record<string, unknown>) => client!.publishAsync(status, JSON.stringify(message), { qos: 1 });
  return {
    where: `${url} as ${id}`,
    async connect() {
      client = await connectAsync(url, {
        clientId: id,
        username: id,
        password: args.password!,
        keepalive: 60,
        reconnectPeriod: 0,
        will: { topic: status, payload: Buffer.from(JSON.stringify({ action: "Offline" })), qos: 1, retain: false },
      });
      client.on("message", (_topic, buf) => {
        const m = JSON.parse(buf.toString()) as { action: string; messageId: string; payload: Record<string, unknown> };
        if (m.action === "Response" || m.action === "Error") {
          const waiter = answers.get(m.messageId);
          answers.delete(m.messageId);
          if (m.action === "Response") waiter?.resolve(m.payload);
          else waiter?.reject(new Error(`${String(m.payload?.errorCode)} from the server`));
          return;
        }
        const handler = handlers.get(m.action);
        void (handler ? handler(m.payload) : Promise.resolve({ status: "NotSupported" })).then((answer) =>
          send({ action: "CommandResponse", messageId: m.messageId, payload: { status: String(answer.status ?? "Accepted") } }),
        );
      });
      await client.subscribeAsync(mqttTopics.chargerCommands(id), { qos: 1 });
    },
    async call(action, payload) {
      const messageId = randomUUID();
      const answered = new Promise<Record<string, unknown>>((resolve, reject) => answers.set(messageId, { resolve, reject }));
      await send({ action, messageId, payload });
      return answered;
    },
    handle: (action, handler) => void handlers.set(action, handler),
    async close() {
      if (!client) return;
      await send({ action: "Offline" }).catch(() => undefined);
      await client.endAsync().catch(() => undefined);
    },
  };
}

const client = args.mqtt ? mqttLink(args.mqtt) : ocppLink();

let transactionId: number | null = null;
let stopReason: "Local" | "Remote" | null = null;
let wake: (() => void) | null = null;
let remoteIdTag: ((tag: string) => void) | null = null;

client.handle("RemoteStopTransaction", async (params) => {
  const p = params as { transactionId: number };
  say("<- RemoteStopTransaction", p);
  if (transactionId === null || p.transactionId !== transactionId) return { status: "Rejected" };
  stopReason = "Remote";
  wake?.();
  return { status: "Accepted" };
});
client.handle("RemoteStartTransaction", async (params) => {
  const p = params as { idTag: string; connectorId?: number };
  say("<- RemoteStartTransaction", p);
  if (!remoteIdTag || (p.connectorId !== undefined && p.connectorId !== connectorId)) return { status: "Rejected" };
  remoteIdTag(p.idTag);
  return { status: "Accepted" };
});
for (const action of ["ChangeAvailability", "ChangeConfiguration", "Reset", "UnlockConnector", "TriggerMessage"]) {
  client.handle(action, async (params) => {
    say(`<- ${action}`, params);
    return action === "UnlockConnector" ? { status: "Unlocked" } : { status: "Accepted" };
  });
}

const call = async (action: string, payload: Record<string, unknown>) => {
  say(`-> ${action}`, JSON.stringify(payload));
  const answer = await client.call(action, payload);
  say(`<- ${action}`, JSON.stringify(answer));
  return answer;
};
const status = (s: string) => call("StatusNotification", { connectorId, errorCode: "NoError", status: s, timestamp: now() });
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(t);
      resolve();
    };
  });

process.on("SIGINT", () => {
  if (transactionId !== null && !stopReason) {
    say("stopping at the charger (Ctrl+C)");
    stopReason = "Local";
    wake?.();
  } else process.exit(130);
});

async function main() {
  await client.connect();
  say(`connected to ${client.where}`);
  const boot = await call("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Simulator", firmwareVersion: "sim-1" });
  if (boot.status !== "Accepted") throw new Error(`boot ${String(boot.status)}: is the charger commissioned?`);
  const heartbeat = setInterval(() => void call("Heartbeat", {}).catch(() => undefined), Number(boot.interval ?? 300) * 1000);
  heartbeat.unref();

  await status("Available");
  await status("Preparing");
  let idTag = args.card;
  if (idTag) {
    const auth = (await call("Authorize", { idTag })) as { idTagInfo: { status: string } };
    if (auth.idTagInfo.status !== "Accepted") {
      await status("Available");
      throw new Error(`card refused: ${auth.idTagInfo.status}`);
    }
  } else {
    say("no --card: waiting for a RemoteStartTransaction from the site...");
    idTag = await new Promise<string>((resolve) => (remoteIdTag = resolve));
    remoteIdTag = null;
  }
  const start = (await call("StartTransaction", { connectorId, idTag, meterStart: meterWh, timestamp: now() })) as {
    transactionId: number;
    idTagInfo: { status: string };
  };
  if (start.idTagInfo.status !== "Accepted" || !start.transactionId) {
    await status("Available");
    throw new Error(`start refused: ${start.idTagInfo.status}`);
  }
  transactionId = start.transactionId;
  await status("Charging");

  const until = Date.now() + minutes * 60_000;
  let last = Date.now();
  while (!stopReason && Date.now() < until) {
    await sleep(intervalS * 1000);
    const t = Date.now();
    const full = socExact >= 100;
    const wh = full ? 0 : (powerKw * 1000 * (t - last)) / 3_600_000;
    last = t;
    meterWh += Math.round(wh);
    socExact = Math.min(100, socExact + (wh / batteryWh) * 100);
    await call("MeterValues", {
      connectorId,
      transactionId,
      meterValue: [
        {
          timestamp: now(),
          sampledValue: [
            { value: String(meterWh), context: "Sample.Periodic", measurand: "Energy.Active.Import.Register", unit: "Wh" },
            { value: String(Math.floor(socExact)), context: "Sample.Periodic", measurand: "SoC", unit: "Percent" },
            {
              value: String(full ? 0 : Math.round(powerKw * 1000)),
              context: "Sample.Periodic",
              measurand: "Power.Active.Import",
              unit: "W",
            },
          ],
        },
      ],
    });
    if (full && !stopReason) say("battery full (SoC 100): the car draws no more");
  }

  await status("Finishing");
  await call("StopTransaction", { transactionId, idTag, meterStop: meterWh, timestamp: now(), reason: stopReason ?? "Local" });
  await status("Available");
  await client.close();
  say("done");
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  await client.close().catch(() => undefined);
  process.exit(1);
});
