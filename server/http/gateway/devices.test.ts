import { connectAsync, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { apiTokens, registeredPerson, useGateway, type TGatewayCall } from "../../../tests/support/gateway-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { createPairingCode } from "../../gateway/create-pairing-code";
import { attachGatewayMqtt, gatewayMqttAuthority } from "../../gateway/mqtt-bridge";
import { readViewerById } from "../../auth/viewer";
import { getDb } from "../../db/client";
import { startMqtt, type TMqttService } from "../../zavcharge/chargers/mqtt/start-mqtt";
import { ZPairedDevice } from "./api-responses";

// Arduino devices (docs/product/api-gateway.md#arduino-devices and #mqtt): the owner makes a one-time code, the device
// pairs itself with it and gets a credential of its own that opens only the /device operations and its two MQTT topics;
// its status reaches the owner, the owner's commands reach it (live on MQTT, or asked for over HTTP), and signing it
// out ends its credential and its MQTT session. The app's people read their own topics on the same broker with their
// access token. Real HTTP, the embedded broker on a free port, real mqtt clients; no sleeps.

const database = useTestDatabase();
const call = useGateway("DEVICES01");
let mqtt: TMqttService;
let stopBridge: () => Promise<void>;
const clients: MqttClient[] = [];

beforeAll(async () => {
  mqtt = await startMqtt({ port: 0, host: "127.0.0.1", gateways: [gatewayMqttAuthority], events: database() });
  stopBridge = await attachGatewayMqtt(mqtt, database());
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.endAsync(true)));
  await stopBridge();
  await mqtt.close();
});

const arduino = { "X-Platform": "arduino" };

async function owner(name: string, phone: string) {
  const person = await registeredPerson(name, { confirmed: true });
  const { token } = await apiTokens(call, person.email, phone);
  return { ...person, token };
}

async function pairedDevice(call: TGatewayCall, ownerToken: string, clientId: string, name = "Shop inverter monitor") {
  const made = await call("POST", "/devices/pairing-codes", { token: ownerToken, body: { deviceName: name } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const paired = await call("POST", "/devices/pair", { body: { code: made.body.code, deviceInfo: { id: clientId } }, headers: arduino });
  expect(paired.status, JSON.stringify(paired.body)).toBe(201);
  return { code: String(made.body.code), ...ZPairedDevice.parse(paired.body) };
}

const connect = async (username: string, password: string) => {
  const c = await connectAsync(`mqtt://127.0.0.1:${mqtt.port}`, {
    clientId: `${username}-${clients.length}`,
    username,
    password,
    reconnectPeriod: 0,
  });
  clients.push(c);
  return c;
};

/** The QoS the broker granted a subscription, 128 when it refused it. */
const granted = async (c: MqttClient, topic: string, qos: 0 | 1) => {
  try {
    return (await c.subscribeAsync(topic, { qos }))[0]!.qos;
  } catch (e) {
    return (e as { packet?: { granted?: number[] } }).packet?.granted?.[0] ?? -1;
  }
};

/** The next message on `topic`, parsed. */
const nextMessage = (c: MqttClient, topic: string) =>
  new Promise<Record<string, unknown>>((resolve) => {
    const onMessage = (t: string, buf: Buffer) => {
      if (t !== topic) return;
      c.off("message", onMessage);
      resolve(JSON.parse(buf.toString()) as Record<string, unknown>);
    };
    c.on("message", onMessage);
  });

const devicesOf = async (token: string) =>
  (await call("GET", "/devices", { token })).body.devices as { id: string; name: string; isActive: boolean; lastStatus: unknown }[];

describe("pairing a device", () => {
  it("a code pairs one device once; its credential opens the /device operations and nothing of the person's", async () => {
    const amaka = await owner("Amaka Eze", "amaka-phone-01");
    const device = await pairedDevice(call, amaka.token, "ESP32-AA01-0001");
    expect(device.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(device.credential).toMatch(/^zdk_/);
    expect(device.mqtt).toEqual({
      username: `device:${device.deviceId}`,
      statusTopic: `zavcharge/devices/${device.deviceId}/status`,
      commandsTopic: `zavcharge/devices/${device.deviceId}/commands`,
    });

    // The code works once, also typed in lower case without its dash.
    const again = await call("POST", "/devices/pair", {
      body: { code: device.code.replace("-", "").toLowerCase(), deviceInfo: { id: "ESP32-AA01-0002" } },
      headers: arduino,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "invalid_input", field: "code" });

    const self = await call("GET", "/device", { token: device.credential, headers: arduino });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ deviceId: device.deviceId, name: "Shop inverter monitor" });
    // The device's credential is not a person's token, and a person's token is not a device's.
    expect((await call("GET", "/me", { token: device.credential })).status).toBe(401);
    expect((await call("GET", "/orders", { token: device.credential })).status).toBe(401);
    expect((await call("GET", "/device", { token: amaka.token })).status).toBe(401);

    const listed = await devicesOf(amaka.token);
    expect(listed.find((d) => d.id === device.deviceId)).toMatchObject({ name: "Shop inverter monitor", isActive: true });
  });

  it("a code sent by two devices at once pairs one of them", async () => {
    const uche = await owner("Uche Okeke", "uche-phone-01");
    const made = await call("POST", "/devices/pairing-codes", { token: uche.token, body: { deviceName: "Generator monitor" } });
    const pair = (id: string) => call("POST", "/devices/pair", { body: { code: made.body.code, deviceInfo: { id } }, headers: arduino });
    const answers = await Promise.all([pair("ESP32-UO01-0001"), pair("ESP32-UO01-0002")]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await devicesOf(uche.token)).filter((d) => d.name === "Generator monitor")).toHaveLength(1);
  });

  it("a code that has expired, or was never made, pairs nothing; tries from one address are limited", async () => {
    const tunde = await registeredPerson("Tunde Bakare", { confirmed: true });
    const { viewer } = (await readViewerById(getDb(), tunde.id))!;
    const old = await createPairingCode(viewer, tunde.id, "Gate controller", new Date(Date.now() - 11 * 60_000));
    if (!old.ok) throw old.error;
    const address = { ...arduino, "X-Forwarded-For": "10.99.1.1" };
    const expired = await call("POST", "/devices/pair", {
      body: { code: old.code, deviceInfo: { id: "ESP32-TB01-0001" } },
      headers: address,
    });
    expect(expired.status).toBe(400);
    expect(String(expired.body.message)).toContain("expired");

    const tries = [];
    for (let i = 0; i < 10; i++)
      tries.push(
        (await call("POST", "/devices/pair", { body: { code: "ZZZZ-ZZZZ", deviceInfo: { id: "ESP32-TB01-0001" } }, headers: address }))
          .status,
      );
    expect(tries.slice(0, 9).every((s) => s === 400)).toBe(true);
    expect(tries[9]).toBe(429);
    expect((await call("GET", "/devices", { token: (await apiTokens(call, tunde.email, "tunde-phone-1")).token })).body.devices).toEqual([
      expect.objectContaining({ type: "mobile" }),
    ]);
  });

  it("a person has at most three codes waiting, and only an admin may make one for someone else", async () => {
    const bola = await owner("Bola Adeyemi", "bola-phone-01");
    for (let i = 0; i < 3; i++)
      expect((await call("POST", "/devices/pairing-codes", { token: bola.token, body: { deviceName: `Sensor ${i}` } })).status).toBe(201);
    const fourth = await call("POST", "/devices/pairing-codes", { token: bola.token, body: { deviceName: "Sensor 4" } });
    expect(fourth.status).toBe(409);
    const chidi = await registeredPerson("Chidi Nwosu");
    const { viewer } = (await readViewerById(getDb(), chidi.id))!;
    const forBola = await createPairingCode(viewer, bola.id, "Not mine");
    expect(forBola.ok).toBe(false);
  });
});

describe("a paired device's status and its owner's commands", () => {
  it("over HTTP: the status reaches the owner's device list; a command waits for the device; a stranger's command is 404", async () => {
    const ifeoma = await owner("Ifeoma Obi", "ifeoma-phone-1");
    const device = await pairedDevice(call, ifeoma.token, "ESP32-IO01-0001", "Borehole pump");
    const reported = await call("POST", "/device/status", {
      token: device.credential,
      headers: arduino,
      body: { status: { voltage: 12.4, relay: true, firmware: "1.3.0" } },
    });
    expect(reported.status).toBe(200);
    expect((await devicesOf(ifeoma.token)).find((d) => d.id === device.deviceId)?.lastStatus).toEqual({
      voltage: 12.4,
      relay: true,
      firmware: "1.3.0",
    });
    const tooBig = await call("POST", "/device/status", {
      token: device.credential,
      headers: arduino,
      body: { status: { note: "x".repeat(300) } },
    });
    expect(tooBig.status).toBe(400);

    const sent = await call("POST", `/devices/${device.deviceId}/commands`, {
      token: ifeoma.token,
      body: { command: "set_relay", params: { on: false } },
    });
    expect(sent.status).toBe(201);
    const waiting = await call("GET", "/device/commands?after=0", { token: device.credential, headers: arduino });
    expect(waiting.body.items).toEqual([expect.objectContaining({ type: "arduino_command", command: "set_relay", params: { on: false } })]);
    const after = await call("GET", `/device/commands?after=${String(waiting.body.lastSeq)}`, {
      token: device.credential,
      headers: arduino,
    });
    expect(after.body.items).toEqual([]);

    const stranger = await owner("Musa Danladi", "musa-phone-01");
    const refused = await call("POST", `/devices/${device.deviceId}/commands`, { token: stranger.token, body: { command: "restart" } });
    expect(refused.status).toBe(404);
    expect((await call("GET", "/device/commands?after=0", { token: device.credential, headers: arduino })).body.items).toHaveLength(1);
  });

  it("over MQTT: the device reports and hears commands on its own topics only, and signing it out ends its session", async () => {
    const kemi = await owner("Kemi Lawal", "kemi-phone-01");
    const device = await pairedDevice(call, kemi.token, "ESP32-KL01-0001", "Solar gate opener");
    const d = await connect(device.mqtt.username, device.credential);
    expect(await granted(d, device.mqtt.commandsTopic, 1)).toBe(1);
    expect(await granted(d, mqttTopics.userEvents(kemi.id), 0)).toBe(128); // refused

    const command = nextMessage(d, device.mqtt.commandsTopic);
    await call("POST", `/devices/${device.deviceId}/commands`, { token: kemi.token, body: { command: "status_request" } });
    expect(await command).toMatchObject({ type: "arduino_status_request", command: "status_request" });

    await d.publishAsync(device.mqtt.statusTopic, JSON.stringify({ status: { gate: "closed", battery: 87 } }), { qos: 1 });
    await expect
      .poll(async () => (await devicesOf(kemi.token)).find((x) => x.id === device.deviceId)?.lastStatus, { timeout: 5000 })
      .toEqual({ gate: "closed", battery: 87 });

    // A wrong credential is refused at the door.
    await expect(connect(device.mqtt.username, "zdk_" + "A".repeat(43))).rejects.toThrow();

    const closed = new Promise<void>((resolve) => d.once("close", () => resolve()));
    expect((await call("DELETE", `/devices/${device.deviceId}`, { token: kemi.token })).status).toBe(200);
    await closed;
    expect((await call("GET", "/device", { token: device.credential, headers: arduino })).status).toBe(401);
    await expect(connect(device.mqtt.username, device.credential)).rejects.toThrow();
  });

  it("a person's app reads its own sync events whole and its notifications on MQTT with its access token, nobody else's", async () => {
    const zainab = await owner("Zainab Musa", "zainab-phone-1");
    const app = await connect(`user:${zainab.id}`, zainab.token);
    expect(await granted(app, mqttTopics.userEvents(zainab.id), 1)).toBe(1);
    expect(await granted(app, mqttTopics.broadcast, 0)).toBe(0);
    const someoneElse = await registeredPerson("Emeka Uche");
    expect(await granted(app, mqttTopics.userEvents(someoneElse.id), 0)).toBe(128);
    // Another person's user name with this token is refused.
    await expect(connect(`user:${someoneElse.id}`, zainab.token)).rejects.toThrow();

    const event = nextMessage(app, mqttTopics.userEvents(zainab.id));
    const laptop = await apiTokens(call, zainab.email, "zainab-laptop-1");
    const posted = await call("POST", "/sync/events", {
      token: laptop.token,
      body: { events: [{ id: "cart-42", type: "mobile_sync", timestamp: Date.now(), data: { cart: 2 } }] },
    });
    expect(posted.status).toBe(200);
    expect(await event).toMatchObject({ type: "sync_event", event: { id: "cart-42", type: "mobile_sync", data: { cart: 2 } } });
  });
});
