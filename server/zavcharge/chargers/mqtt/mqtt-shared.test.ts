import { randomBytes, randomInt } from "node:crypto";
import { connectAsync, type MqttClient } from "mqtt";
import { afterAll, describe, expect, it } from "vitest";
import { mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { createTestStation } from "../../../../tests/support/zavcharge-fixtures";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { getDb } from "../../../db/client";
import { chargerMessages, chargers } from "../schema";
import { createChargerRegistry } from "../charger-gateway";
import { hashChargerPassword } from "../charger-password";
import { startMqtt, type TMqttService } from "./start-mqtt";
import { and, eq } from "drizzle-orm";

// Several instances on one external broker (docs/operations.md#several-instances): the server's subscriptions are
// shared, so each charger message is handled by one instance, and a charger's answer to a command reaches the instance
// that asked whichever instance the broker gave it to. Two MQTT services with their own registries stand for two
// instances; the broker is a real one (Mosquitto in CI).

const BROKER = process.env.MQTT_TEST_URL;
const database = useTestDatabase();
const services: TMqttService[] = [];
let device: MqttClient | undefined;
afterAll(async () => {
  await device?.endAsync(true);
  for (const s of services) await s.close();
});

describe(`MQTT with several instances on one broker (${BROKER ? "running" : "needs a broker: CI's PostgreSQL pass sets MQTT_TEST_URL"})`, () => {
  it("each charger message is handled once, and every command's answer reaches the instance that asked", async (ctx) => {
    if (!BROKER) return ctx.skip();
    const station = await createTestStation();
    const chargePointId = `ZAV-AR-${randomInt(1_000_000_000)}`;
    const [charger] = await getDb()
      .insert(chargers)
      .values({
        chargePointId,
        stationId: station.station.id,
        passwordHash: await hashChargerPassword("charger-secret-1"),
        protocol: "mqtt",
        commissioned: true,
        heartbeatIntervalSeconds: 60,
      })
      .returning();
    const group = `zavolah-test-${randomBytes(4).toString("hex")}`;
    const registries = [createChargerRegistry("instance-a"), createChargerRegistry("instance-b")];
    for (const registry of registries)
      services.push(await startMqtt({ url: BROKER, port: 0, commandTimeoutMs: 3000, events: database(), registry, sharedGroup: group }));
    await Promise.all(services.map((s) => s.ready));

    // The charger, on the broker; it answers every command with Accepted on its status topic.
    device = await connectAsync(BROKER, { clientId: chargePointId, reconnectPeriod: 0 });
    const responses: string[] = [];
    device.on("message", (_topic, raw) => {
      const m = JSON.parse(raw.toString()) as { action: string; messageId: string };
      if (m.action === "Response") responses.push(m.messageId);
      else if (m.action !== "Error")
        void device!.publishAsync(
          mqttTopics.chargerStatus(chargePointId),
          JSON.stringify({ action: "CommandResponse", messageId: m.messageId, payload: { status: "Accepted" } }),
          { qos: 1 },
        );
    });
    await device.subscribeAsync(mqttTopics.chargerCommands(chargePointId), { qos: 1 });

    // Twelve heartbeats, then one more: thirteen answers and thirteen logged, not one per instance.
    const heartbeat = (id: string) =>
      device!.publishAsync(mqttTopics.chargerStatus(chargePointId), JSON.stringify({ action: "Heartbeat", messageId: id, payload: {} }), {
        qos: 1,
      });
    for (let i = 0; i < 12; i++) await heartbeat(`hb-${i}`);
    await expect.poll(() => new Set(responses).size, { timeout: 5000 }).toBe(12);
    await heartbeat("hb-last");
    await expect.poll(() => responses.includes("hb-last"), { timeout: 5000 }).toBe(true);
    const logged = await getDb()
      .select({ id: chargerMessages.id })
      .from(chargerMessages)
      .where(and(eq(chargerMessages.chargerId, charger!.id), eq(chargerMessages.action, "Heartbeat"), eq(chargerMessages.direction, "in")));
    expect(logged).toHaveLength(13);
    expect(responses).toHaveLength(13);
    // Both instances were given some, so both know the charger.
    expect(registries.map((r) => r.connections.has(charger!.id))).toEqual([true, true]);

    // Six commands from the first instance: the broker hands the answers to either instance; every one comes back.
    const asker = registries[0]!.connections.get(charger!.id)!;
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await asker.unlock(1));
    expect(results).toEqual(Array.from({ length: 6 }, () => ({ ok: true, status: "Accepted" })));
  });
});
