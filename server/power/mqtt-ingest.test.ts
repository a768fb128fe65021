import { count, eq } from "drizzle-orm";
import { connectAsync, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { powerTopics } from "@domain/power/mqtt";
import { metricValue } from "../../tests/support/metrics";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { startMqtt, type TMqttService } from "../zavcharge/chargers/mqtt/start-mqtt";
import { addInstallation } from "./add-installation";
import { attachPowerMqtt, authenticatePowerGateway, isPowerUsername } from "./mqtt-ingest";
import { powerReadings } from "./schema";

// Power gateways over MQTT (docs/product/power-tracking.md#mqtt): the embedded broker on a free port, a real mqtt client
// as the gateway. It signs in with its key, publishes only on its own topic, and hears why a bad reading was refused.

useTestDatabase();
let mqtt: TMqttService;
const clients: MqttClient[] = [];

beforeAll(async () => {
  mqtt = await startMqtt({ port: 0, host: "127.0.0.1", gateways: [{ claims: isPowerUsername, authenticate: authenticatePowerGateway }] });
  attachPowerMqtt(mqtt.client);
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.endAsync(true)));
  await mqtt.close();
});

async function installation() {
  const admin = await makeUser("admin");
  const added = await addInstallation(admin, {
    siteName: "MQTT site, Ikeja",
    customerEmail: "",
    customerName: "Bayo",
    city: "Ikeja",
    state: "Lagos",
    pvKwp: 3,
    batteryKwh: 5,
    inverterKva: 3,
    lat: "",
    lng: "",
  });
  if (!added.ok) throw added.error;
  return added;
}

const gateway = async (id: number, key: string) => {
  const c = await connectAsync(`mqtt://127.0.0.1:${mqtt.port}`, {
    clientId: `power:${id}`,
    username: `power:${id}`,
    password: key,
    reconnectPeriod: 0,
  });
  clients.push(c);
  return c;
};

const readingsOf = async (id: number) =>
  (await getDb().select({ n: count() }).from(powerReadings).where(eq(powerReadings.installationId, id)))[0]!.n;

const reading = (pvWh: number) => ({
  timestamp: new Date().toISOString(),
  power: { pvW: 900, loadW: 300, gridW: 0, batteryW: 600 },
  counters: { pvWh, loadWh: 100, gridImportWh: 0, generatorWh: 0 },
  socPct: 70,
  grid: "available",
  generator: "off",
});

describe("power gateways over MQTT", () => {
  it("stores a reading from a signed-in gateway and answers a malformed one on its errors topic, storing nothing", async () => {
    const { id, key } = await installation();
    const c = await gateway(id, key);
    const messages = (direction: string, topic: string) => metricValue(`mqtt_messages_total{direction="${direction}",topic="${topic}"}`);
    const [readingsIn, errorsOut] = [await messages("in", "zavolah/power/+/readings"), await messages("out", "zavolah/power/+/errors")];
    await c.subscribeAsync(powerTopics.errors(id));
    await c.publishAsync(powerTopics.readings(id), JSON.stringify(reading(1000)), { qos: 1 });
    await expect.poll(() => readingsOf(id)).toBe(1);
    const error = new Promise<Record<string, unknown>>((resolve) => c.once("message", (_t, p) => resolve(JSON.parse(p.toString()))));
    await c.publishAsync(powerTopics.readings(id), JSON.stringify({ ...reading(900), socPct: "full" }), { qos: 1 });
    expect(await error).toMatchObject({ status: 422, ok: false, error: "invalid_reading" });
    expect(await readingsOf(id)).toBe(1);
    // On the metrics: two readings in, one refusal out, by topic family (never the installation's number).
    expect((await messages("in", "zavolah/power/+/readings")) - readingsIn).toBe(2);
    expect((await messages("out", "zavolah/power/+/errors")) - errorsOut).toBe(1);
  });

  it("refuses a wrong key, and another installation's topic", async () => {
    const mine = await installation();
    const other = await installation();
    await expect(gateway(mine.id, "zpk_wrong-key")).rejects.toThrow();
    await expect(gateway(mine.id, other.key)).rejects.toThrow();
    // A publish on another installation's topic is refused: the broker ends that session.
    const intruder = await gateway(mine.id, mine.key);
    const closed = new Promise<void>((resolve) => intruder.once("close", () => resolve()));
    intruder.publish(powerTopics.readings(other.id), JSON.stringify(reading(5)), { qos: 1 });
    await closed;
    const c = await gateway(mine.id, mine.key);
    await c.publishAsync(powerTopics.readings(mine.id), JSON.stringify(reading(5)), { qos: 1 });
    await expect.poll(() => readingsOf(mine.id)).toBe(1);
    expect(await readingsOf(other.id)).toBe(0);
  });
});
