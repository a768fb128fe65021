import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { Aedes } from "aedes";
import { connectAsync, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { balanceOf, createTestDriver, createTestStation } from "../../../../tests/support/zavcharge-fixtures";
import { watchLog } from "../../../../tests/support/log-lines";
import { makeUser } from "../../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { getDb } from "../../../db/client";
import { chargerGateway } from "../charger-gateway";
import { hashChargerPassword } from "../charger-password";
import { saveCharger } from "../save-charger";
import { chargerMessages, chargers } from "../schema";
import { chargingSessions } from "../../sessions/schema";
import { startMqtt, type TMqttService } from "./start-mqtt";

// MQTT chargers end to end (docs/product/zavcharge.md#chargers): the embedded broker on a free port, the
// server's own client in-process, and real mqtt clients playing Arduino chargers over loopback. No sleeps:
// every wait is on an answer, a command the device receives, a closed connection or the log being written.

const database = useTestDatabase();
const PASSWORD = "arduino-secret-0001";
let mqtt: TMqttService;
let passwordHash: string;
const devices: MqttClient[] = [];

beforeAll(async () => {
  passwordHash = await hashChargerPassword(PASSWORD);
  mqtt = await startMqtt({ port: 0, host: "127.0.0.1", commandTimeoutMs: 800, events: database() });
});

afterAll(async () => {
  await Promise.allSettled(devices.map((d) => d.endAsync(true)));
  await mqtt.close();
});

type TStation = Awaited<ReturnType<typeof createTestStation>>;

async function createCharger(station: TStation, protocol: "mqtt" | "ocpp" = "mqtt") {
  const chargePointId = `ZAV-AR-${randomInt(1_000_000_000)}`;
  const [c] = await getDb()
    .insert(chargers)
    .values({ chargePointId, stationId: station.station.id, passwordHash, protocol, commissioned: true, heartbeatIntervalSeconds: 60 })
    .returning();
  return c!;
}

async function setup() {
  const station = await createTestStation({ pricePerKwhKobo: 25_000, slots: 2 });
  const charger = await createCharger(station);
  const driver = await createTestDriver({ balanceKobo: 1_000_000 });
  return { station, charger, driver };
}

type TInbound = { action: string; messageId: string; payload: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Polls a condition (the broker's events reach the database asynchronously); fails after 5 s. */
async function until(check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A device on the wire: calls answered on its commands topic, and the commands the server sent it. */
async function device(chargePointId: string, opts: { password?: string; clientId?: string; port?: number } = {}) {
  const client = await connectAsync(`mqtt://127.0.0.1:${opts.port ?? mqtt.port}`, {
    clientId: opts.clientId ?? chargePointId,
    username: chargePointId,
    password: opts.password ?? PASSWORD,
    reconnectPeriod: 0,
    will: { topic: mqttTopics.chargerStatus(chargePointId), payload: Buffer.from('{"action":"Offline"}'), qos: 1, retain: false },
  });
  devices.push(client);
  const answers = new Map<string, (m: TInbound) => void>();
  const commands: TInbound[] = [];
  const commandWaiters: ((m: TInbound) => void)[] = [];
  client.on("message", (_topic, buf) => {
    const m = JSON.parse(buf.toString()) as TInbound;
    if (m.action === "Response" || m.action === "Error") answers.get(m.messageId)?.(m);
    else {
      commands.push(m);
      commandWaiters.shift()?.(m);
    }
  });
  await client.subscribeAsync(mqttTopics.chargerCommands(chargePointId), { qos: 1 });
  const send = (message: unknown) => client.publishAsync(mqttTopics.chargerStatus(chargePointId), JSON.stringify(message), { qos: 1 });
  /** Sends a call and resolves with the server's answer (Response or Error). */
  const call = async (action: string, payload: unknown) => {
    const messageId = randomUUID();
    const answered = new Promise<TInbound>((resolve) => answers.set(messageId, resolve));
    await send({ action, messageId, payload });
    return answered;
  };
  const nextCommand = () => new Promise<TInbound>((resolve) => commandWaiters.push(resolve));
  const closed = new Promise<void>((resolve) => client.once("close", () => resolve()));
  return { client, call, send, nextCommand, commands, closed };
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function messagesOf(chargerId: number) {
  await mqtt.adapter.settled();
  return getDb().select().from(chargerMessages).where(eq(chargerMessages.chargerId, chargerId)).orderBy(chargerMessages.id);
}

async function sessionsOf(chargerId: number) {
  return getDb().select().from(chargingSessions).where(eq(chargingSessions.chargerId, chargerId));
}

describe("device sign-in", () => {
  it("accepts an MQTT charger with its password and refuses a wrong password, an unknown id, a borrowed client id and an OCPP charger", async () => {
    const { station, charger } = await setup();
    const ok = await device(charger.chargePointId);
    expect(ok.client.connected).toBe(true);
    await until(() => chargerGateway.isConnected(charger.id));

    const log = watchLog();
    await expect(device(charger.chargePointId, { password: "wrong-password-123" })).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    await expect(device("ZAV-AR-NOBODY")).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(device(charger.chargePointId, { clientId: "someone-else" })).rejects.toThrow(/Bad username or password|Not authorized/i);
    const ocppCharger = await createCharger(station, "ocpp");
    await expect(device(ocppCharger.chargePointId)).rejects.toThrow(/Bad username or password|Not authorized/i);
    log.expectLogged("mqtt: charger sign-in refused", { chargePointId: charger.chargePointId });
    log.expectLogged("mqtt: charger sign-in refused", { chargePointId: "ZAV-AR-NOBODY" });
    log.expectLogged("mqtt: charger sign-in refused", { chargePointId: ocppCharger.chargePointId });
    // The refused attempts did not disturb the signed-in device.
    expect(chargerGateway.isConnected(charger.id)).toBe(true);
  });

  it("lets staff register an MQTT charger; one not commissioned yet boots Pending and charges nobody", async () => {
    const station = await createTestStation();
    const driver = await createTestDriver({ balanceKobo: 1_000_000 });
    const staff = await makeUser("staff");
    const chargePointId = `ZAV-AR-NEW-${randomInt(1e9)}`;
    const input = { chargePointId, stationId: station.station.id, password: "a-long-arduino-key", protocol: "mqtt" as const };
    const saved = await saveCharger(staff, input);
    if (!saved.ok) throw new Error(saved.error.message);
    const d = await device(chargePointId, { password: "a-long-arduino-key" });
    expect((await d.call("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Arduino" })).payload.status).toBe(
      "Pending",
    );
    const start = await d.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(0) });
    expect(start.payload).toEqual({ transactionId: 0, idTagInfo: { status: "Invalid" } });
    expect(await sessionsOf(saved.chargerId)).toEqual([]);
    // An edit that does not name the protocol keeps it.
    expect(
      (await saveCharger(staff, { ...input, id: saved.chargerId, password: undefined, protocol: undefined, commissioned: true })).ok,
    ).toBe(true);
    expect((await getDb().select().from(chargers).where(eq(chargers.id, saved.chargerId)))[0]).toMatchObject({
      protocol: "mqtt",
      commissioned: true,
    });
  });

  it("keeps serving when the device port is taken (another broker on the machine)", async () => {
    const log = watchLog();
    const second = await startMqtt({ port: mqtt.port!, host: "127.0.0.1" });
    expect(second.port).toBeNull();
    log.expectLogged(/^mqtt: port \d+ is taken/, { port: mqtt.port });
    await second.close();
  });
});

describe("the ACL", () => {
  it("refuses a device publishing on another device's topic and subscribing to its commands, and changes nothing", async () => {
    const { station, charger, driver } = await setup();
    const other = await createCharger(station);
    const d = await device(charger.chargePointId);
    const log = watchLog();
    await expect(d.client.subscribeAsync(mqttTopics.chargerCommands(other.chargePointId), { qos: 1 })).rejects.toThrow(/Subscribe error/);

    const forged = {
      action: "StartTransaction",
      messageId: "forged-1",
      payload: { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(0) },
    };
    void d.client.publish(mqttTopics.chargerStatus(other.chargePointId), JSON.stringify(forged), { qos: 1 });
    await d.closed; // the broker ends a session that breaks the ACL
    await until(() => !chargerGateway.isConnected(charger.id));
    // The refusals reach the message log on their own time (mqtt-broker.ts does not wait for the write): the session
    // can be closed before the refused publish's line is written.
    await until(async () => (await messagesOf(charger.id)).some((m) => m.action === "RefusedPublish"));

    expect(await sessionsOf(other.id)).toEqual([]);
    expect(await messagesOf(other.id)).toEqual([]);
    const mine = await messagesOf(charger.id);
    expect(mine.map((m) => `${m.action}:${m.errorCode}`)).toEqual(
      expect.arrayContaining(["RefusedSubscribe:NotAuthorized", "RefusedPublish:NotAuthorized"]),
    );
    log.expectLogged("mqtt: subscribe refused", {
      chargePointId: charger.chargePointId,
      topic: mqttTopics.chargerCommands(other.chargePointId),
    });
    log.expectLogged("mqtt: publish refused", {
      chargePointId: charger.chargePointId,
      topic: mqttTopics.chargerStatus(other.chargePointId),
    });
    expect(await balanceOf(driver.accountId)).toBe(1_000_000);
  });
});

describe("a charge over MQTT", () => {
  it("boots, reports, starts, meters and stops, and charges the wallet once even when start and stop are replayed", async () => {
    const { charger, driver } = await setup();
    const d = await device(charger.chargePointId);

    const boot = await d.call("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Arduino" });
    expect(boot).toMatchObject({ action: "Response", payload: { status: "Accepted", interval: 60 } });
    expect((await d.call("Heartbeat", {})).payload.currentTime).toEqual(expect.any(String));
    expect((await d.call("StatusNotification", { connectorId: 1, errorCode: "NoError", status: "Preparing" })).payload).toEqual({});
    expect((await d.call("Authorize", { idTag: driver.code })).payload).toEqual({ idTagInfo: { status: "Accepted" } });

    // The driver's notifications reach their MQTT topic too (only the server may subscribe on the embedded broker).
    const notificationsTopic = mqttTopics.userNotifications(driver.userId);
    const log = watchLog();
    await mqtt.client.subscribeAsync(notificationsTopic, { qos: 0 });
    const notified = new Promise<unknown>((resolve) =>
      mqtt.client.on("message", (topic, buf) => topic === notificationsTopic && resolve(JSON.parse(buf.toString()))),
    );

    const startMsg = { connectorId: 1, idTag: driver.code, meterStart: 100_000, timestamp: ago(600_000) };
    const start = (await d.call("StartTransaction", startMsg)).payload;
    expect(start.idTagInfo).toEqual({ status: "Accepted" });
    expect((await d.call("StartTransaction", startMsg)).payload).toEqual(start); // the replay finds the same session
    expect(await notified).toMatchObject({ type: "notification", payload: { id: expect.any(Number) } });
    await mqtt.client.unsubscribeAsync(notificationsTopic);
    // The chargers' side of that client hears the notification too, and drops it: it is no charger's topic.
    log.expectLogged("mqtt: message on an unexpected topic dropped", { topic: notificationsTopic });

    await d.call("MeterValues", {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [
        { timestamp: ago(300_000), sampledValue: [{ value: "101500", measurand: "Energy.Active.Import.Register", unit: "Wh" }] },
      ],
    });
    const stopMsg = {
      transactionId: start.transactionId,
      meterStop: 102_345,
      timestamp: ago(0),
      idTag: driver.code,
      reason: "EVDisconnected",
    };
    expect((await d.call("StopTransaction", stopMsg)).payload).toEqual({ idTagInfo: { status: "Accepted" } });
    expect((await d.call("StopTransaction", stopMsg)).payload).toEqual({ idTagInfo: { status: "Accepted" } });

    const sessions = await sessionsOf(charger.id);
    expect(sessions).toHaveLength(1);
    // 2.345 kWh at ₦250 = ₦586.25, once
    expect(sessions[0]).toMatchObject({ status: "completed", energyWh: 2345, costKobo: 58_625, source: "charger" });
    expect(await balanceOf(driver.accountId)).toBe(1_000_000 - 58_625);

    const logged = (await messagesOf(charger.id)).map((m) => `${m.direction}:${m.action}`);
    expect(logged.slice(0, 2)).toEqual(["in:BootNotification", "out:BootNotification"]);
    expect(logged.filter((a) => a === "in:StopTransaction")).toHaveLength(2);
  });

  it("drops malformed JSON, unknown actions, wrong types and huge payloads without a crash or a charge", async () => {
    const { charger, driver } = await setup();
    const d = await device(charger.chargePointId);
    const log = watchLog();
    await d.client.publishAsync(mqttTopics.chargerStatus(charger.chargePointId), "{not json", { qos: 1 });
    await d.client.publishAsync(mqttTopics.chargerStatus(charger.chargePointId), "[1,2,3]", { qos: 1 });
    expect(await d.call("SelfDestruct", {})).toMatchObject({ action: "Error", payload: { errorCode: "NotImplemented" } });
    const wrong = await d.call("StartTransaction", { connectorId: "one", idTag: driver.code, meterStart: "lots", timestamp: "yesterday" });
    expect(wrong).toMatchObject({ action: "Error", payload: { errorCode: "PropertyConstraintViolation" } });
    // Still alive and answering.
    expect((await d.call("Heartbeat", {})).action).toBe("Response");
    expect(await sessionsOf(charger.id)).toEqual([]);

    const logged = (await messagesOf(charger.id)).filter((m) => m.errorCode).map((m) => `${m.direction}:${m.action}:${m.errorCode}`);
    expect(logged).toEqual(
      expect.arrayContaining([
        "in:badMessage:FormationViolation",
        "in:SelfDestruct:NotImplemented",
        "in:StartTransaction:PropertyConstraintViolation",
      ]),
    );
    log.expectLogged("mqtt: message dropped", { chargerId: charger.id, errorCode: "FormationViolation" });
    log.expectLogged("mqtt: message dropped", { chargerId: charger.id, errorCode: "NotImplemented", action: "SelfDestruct" });
    log.expectLogged("mqtt: message dropped", { chargerId: charger.id, errorCode: "PropertyConstraintViolation" });

    // More than 16 KB: refused at the broker, the session ended, never parsed.
    void d.client.publish(
      mqttTopics.chargerStatus(charger.chargePointId),
      JSON.stringify({ action: "Heartbeat", messageId: "big", payload: { pad: "x".repeat(20_000) } }),
      { qos: 1 },
    );
    await d.closed;
    expect((await messagesOf(charger.id)).some((m) => m.action === "RefusedPublish" && m.errorCode === "PayloadTooLarge")).toBe(true);
    log.expectLogged("mqtt: publish refused", { chargePointId: charger.chargePointId });
    expect(await balanceOf(driver.accountId)).toBe(1_000_000);
  });
});

describe("presence and commands", () => {
  it("marks a device online when it signs in and offline when its connection dies (last will)", async () => {
    const { charger } = await setup();
    const d = await device(charger.chargePointId);
    await until(async () => (await getDb().select().from(chargers).where(eq(chargers.id, charger.id)))[0]!.connected);
    expect(chargerGateway.isConnected(charger.id)).toBe(true);

    d.client.stream.destroy(); // a power cut: no DISCONNECT, the broker publishes the will
    await until(async () => !(await getDb().select().from(chargers).where(eq(chargers.id, charger.id)))[0]!.connected);
    expect(chargerGateway.isConnected(charger.id)).toBe(false);
    await until(async () => (await messagesOf(charger.id)).some((m) => m.action === "Offline"));
  });

  it("keeps a device online when it reconnects over its old session, and offline after a clean goodbye", async () => {
    const { charger } = await setup();
    const isConnected = async () => (await getDb().select().from(chargers).where(eq(chargers.id, charger.id)))[0]!.connected;
    const first = await device(charger.chargePointId);
    const second = await device(charger.chargePointId); // the broker ends the first session (same client id)
    await first.closed;
    expect((await second.call("Heartbeat", {})).action).toBe("Response");
    await mqtt.adapter.settled();
    expect(chargerGateway.isConnected(charger.id)).toBe(true);
    expect(await isConnected()).toBe(true);

    await second.client.endAsync(); // DISCONNECT: no will, but the session is over
    await until(async () => !(await isConnected()));
    expect(chargerGateway.isConnected(charger.id)).toBe(false);
  });

  it("sends a remote start from the gateway to the device and resolves with its CommandResponse; an unanswered one fails", async () => {
    const { charger, driver } = await setup();
    const d = await device(charger.chargePointId);
    await until(() => chargerGateway.isConnected(charger.id));

    const command = d.nextCommand();
    const result = chargerGateway.remoteStart(charger.id, 1, driver.code);
    const received = await command;
    expect(received).toMatchObject({ action: "RemoteStartTransaction", payload: { connectorId: 1, idTag: driver.code } });
    await d.send({ action: "CommandResponse", messageId: received.messageId, payload: { status: "Accepted" } });
    expect(await result).toEqual({ ok: true, status: "Accepted" });

    // No answer within the timeout: failed, never hanging.
    const log = watchLog();
    expect(await chargerGateway.unlock(charger.id, 1)).toMatchObject({ ok: false, reason: "failed" });
    log.expectLogged("mqtt: command not answered", { chargerId: charger.id, action: "UnlockConnector" });
    const logged = (await messagesOf(charger.id)).map((m) => `${m.direction}:${m.action}`);
    expect(logged).toEqual(expect.arrayContaining(["out:RemoteStartTransaction", "in:CommandResponse", "out:UnlockConnector"]));
    expect(
      await getDb()
        .select()
        .from(chargerMessages)
        .where(and(eq(chargerMessages.chargerId, charger.id), eq(chargerMessages.action, "CommandResponse"))),
    ).toHaveLength(1);
  });

  it("with an external broker that goes away and comes back: the server connects again, subscribes again and answers", async () => {
    // Mosquitto restarted: every connection drops, and the broker that comes back knows nothing of anyone's
    // subscriptions (the server's session is clean), so the server must subscribe again on its own.
    const sockets = new Set<Socket>();
    const startBroker = async (port = 0) => {
      const broker = await Aedes.createBroker();
      const tcp = createServer((socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
        broker.handle(socket);
      });
      await new Promise<void>((resolve) => tcp.listen(port, "127.0.0.1", resolve));
      const stop = async () => {
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        const closed = new Promise<void>((resolve) => tcp.close(() => resolve()));
        for (const s of sockets) s.destroy();
        await closed;
      };
      return { port: (tcp.address() as AddressInfo).port, stop };
    };
    const first = await startBroker();
    const service = await startMqtt({ url: `mqtt://127.0.0.1:${first.port}`, port: 0, sharedGroup: "" });
    let second: Awaited<ReturnType<typeof startBroker>> | null = null;
    try {
      await service.ready;
      const { charger } = await setup();
      const before = await device(charger.chargePointId, { port: first.port });
      expect(await before.call("Heartbeat", {})).toMatchObject({ action: "Response" });

      const away = new Promise<void>((resolve) => service.client.once("offline", () => resolve()));
      const log = watchLog();
      await first.stop();
      await away;
      expect(service.client.connected).toBe(false);
      log.expectLogged("mqtt: broker unreachable, retrying", { broker: `127.0.0.1:${first.port}` });

      const back = new Promise<void>((resolve) => service.client.once("connect", () => resolve()));
      second = await startBroker(first.port);
      await back; // within MQTT_RECONNECT_MS
      const after = await device(charger.chargePointId, { port: second.port });
      // Answered: the server subscribed again on the broker that came back.
      expect(await after.call("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Arduino" })).toMatchObject({
        action: "Response",
        payload: { status: "Accepted" },
      });
      expect(chargerGateway.isConnected(charger.id)).toBe(true);
    } finally {
      await service.close();
      await second?.stop();
    }
  });

  it("with an external broker: online from the first message, offline on the last will", async () => {
    // A bare broker stands in for Mosquitto (its own ACL is its business); the server is one of its clients.
    const external = await Aedes.createBroker();
    const tcp = createServer((socket) => external.handle(socket));
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    const port = (tcp.address() as AddressInfo).port;
    // Aedes has no shared subscriptions: the server subscribes plainly, as one instance on such a broker must.
    const service = await startMqtt({ url: `mqtt://127.0.0.1:${port}`, port: 0, sharedGroup: "" });
    try {
      await service.ready;
      const { charger } = await setup();
      const d = await device(charger.chargePointId, { port });
      expect(chargerGateway.isConnected(charger.id)).toBe(false); // the external broker tells the server nothing of sign-ins
      expect(await d.call("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Arduino" })).toMatchObject({
        action: "Response",
        payload: { status: "Accepted" },
      });
      expect(chargerGateway.isConnected(charger.id)).toBe(true);
      d.client.stream.destroy();
      await until(() => !chargerGateway.isConnected(charger.id));
      await until(async () => !(await getDb().select().from(chargers).where(eq(chargers.id, charger.id)))[0]!.connected);
    } finally {
      await service.close();
      await new Promise<void>((resolve) => external.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });
});
