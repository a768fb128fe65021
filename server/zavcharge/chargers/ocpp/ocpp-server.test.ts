import { randomInt } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { RPCClient } from "ocpp-rpc";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { balanceOf, createTestDriver, createTestStation } from "../../../../tests/support/zavcharge-fixtures";
import { watchLog } from "../../../../tests/support/log-lines";
import { makeUser } from "../../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { adminAlerts } from "../../../alerts/schema";
import { auditLog } from "../../../audit/schema";
import { getDb } from "../../../db/client";
import { dispatchUpgrades, upgradeRouteFor } from "../../../http/dispatch-upgrades";
import { notifications } from "../../../notifications/schema";
import { createRealtimeServer, type TRealtimeServer } from "../../../realtime/realtime-server";
import { authenticateCharger } from "../authenticate-charger";
import { hashChargerPassword } from "../charger-password";
import { forceCloseSession } from "../../sessions/force-close-session";
import { chargerMessages, chargers } from "../schema";
import { chargingSlots, chargingStations } from "../../network/schema";
import { chargingSessions, remoteStartLimits } from "../../sessions/schema";
import { zavchargeWalletEntries } from "../../wallet/schema";
import { logChargerMessage } from "../log-charger-message";
import { pruneChargerMessages } from "../prune-charger-messages";
import { saveCharger } from "../save-charger";
import { getDriverDashboard } from "../../statements/get-driver-dashboard";
import { findLiveSession } from "../../sessions/live-session";
import { listChargers } from "../list-chargers";
import { listRemoteStartOptions } from "../list-remote-start-options";
import { sendChargerCommand } from "../send-charger-command";
import { holdRemoteStartLimits, takeRemoteStartLimits } from "../../sessions/remote-start-limits";
import { startRemoteCharging } from "../start-remote-charging";
import { stopRemoteCharging } from "../stop-remote-charging";
import { createAuthFailureLimit } from "./auth-failure-limit";
import { createOcppServer, isSubprotocolList, type TOcppServer } from "./ocpp-server";
import { metricsRegistry } from "../../../metrics/registry";
import { metricValue } from "../../../../tests/support/metrics";

// The OCPP 1.6J central system end to end (docs/product/zavcharge.md#chargers): an in-process HTTP server with
// the one upgrade dispatcher, and ocpp-rpc clients playing chargers over loopback. No sleeps: every wait is on
// an answer, a call the charger receives, or the server's log being written.

const database = useTestDatabase();
const PASSWORD = "charger-secret-1";
let server: Server;
let port: number;
let ocpp: TOcppServer;
let realtime: TRealtimeServer;
let passwordHash: string;
const clients: InstanceType<typeof RPCClient>[] = [];

beforeAll(async () => {
  passwordHash = await hashChargerPassword(PASSWORD);
  server = createServer((_req, res) => res.writeHead(404).end());
  realtime = await createRealtimeServer(database());
  ocpp = createOcppServer({ upkeepMs: 0, pingIntervalMs: 0, callTimeoutMs: 5000 });
  dispatchUpgrades(server, { realtime: realtime.handleUpgrade, ocpp: ocpp.handleUpgrade });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close({ force: true })));
  await ocpp.close();
  await realtime.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type TStation = Awaited<ReturnType<typeof createTestStation>>;

async function createCharger(station: TStation, over: { commissioned?: boolean; interval?: number } = {}) {
  const chargePointId = `ZAV-T-${randomInt(1_000_000_000)}`;
  const [c] = await getDb()
    .insert(chargers)
    .values({
      chargePointId,
      stationId: station.station.id,
      passwordHash,
      commissioned: over.commissioned ?? true,
      heartbeatIntervalSeconds: over.interval ?? 60,
    })
    .returning();
  return c!;
}

type TRemoteCall = { method: string; params: Record<string, unknown> };

/** A charger on the wire: its client, and the calls the server made to it, in order, with a way to wait for the next. */
async function connect(chargePointId: string, opts: { password?: string; strict?: boolean; answer?: (c: TRemoteCall) => unknown } = {}) {
  const client = new RPCClient({
    endpoint: `ws://127.0.0.1:${port}/ocpp`,
    identity: chargePointId,
    password: opts.password ?? PASSWORD,
    protocols: ["ocpp1.6"],
    strictMode: opts.strict ?? true,
    reconnect: false,
    pingIntervalMs: 0,
  } as never);
  const received: TRemoteCall[] = [];
  const waiters: ((c: TRemoteCall) => void)[] = [];
  client.handle(async ({ method, params }) => {
    const c = { method: method!, params: params as Record<string, unknown> };
    received.push(c);
    waiters.shift()?.(c);
    return (opts.answer?.(c) ?? { status: "Accepted" }) as Record<string, unknown>;
  });
  await client.connect();
  clients.push(client);
  const nextCall = () => new Promise<TRemoteCall>((resolve) => waiters.push(resolve));
  const call = (method: string, params: unknown) => client.call(method, params) as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { client, received, nextCall, call };
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function sessionOf(id: number) {
  const [s] = await getDb().select().from(chargingSessions).where(eq(chargingSessions.id, id));
  return s!;
}

async function chargerRow(id: number) {
  const [c] = await getDb().select().from(chargers).where(eq(chargers.id, id));
  return c!;
}

async function alertsOfType(type: string) {
  return getDb().select().from(adminAlerts).where(eq(adminAlerts.type, type));
}

async function setup(over: { balanceKobo?: number; price?: number; commissioned?: boolean } = {}) {
  const station = await createTestStation({ pricePerKwhKobo: over.price ?? 25_000, slots: 2 });
  const charger = await createCharger(station, { commissioned: over.commissioned });
  const driver = await createTestDriver({ balanceKobo: over.balanceKobo ?? 1_000_000 });
  return { station, charger, driver };
}

describe("the upgrade", () => {
  it("routes /ws to realtime, /ocpp/<id> to OCPP, and refuses anything else with 404", async () => {
    expect(upgradeRouteFor("/ws")).toBe("realtime");
    expect(upgradeRouteFor("/ws?channel=public")).toBe("realtime");
    expect(upgradeRouteFor("/ocpp/ZAV-CP-001")).toBe("ocpp");
    expect(upgradeRouteFor("/ocpp/")).toBe(null);
    expect(upgradeRouteFor("/ocpp/a/b")).toBe(null);
    expect(upgradeRouteFor("/elsewhere")).toBe(null);
    const status = await new Promise<number>((resolve) => {
      const req = request({ port, host: "127.0.0.1", path: "/elsewhere", headers: { Connection: "Upgrade", Upgrade: "websocket" } });
      req.on("upgrade", () => resolve(101));
      req.on("response", (res) => resolve(res.statusCode!));
      req.on("error", () => resolve(-1));
      req.end();
    });
    expect(status).toBe(404);
    const malformed = await new Promise<number>((resolve) => {
      const req = request({ port, host: "127.0.0.1", path: "/ocpp/%E0%A4%A", headers: { Connection: "Upgrade", Upgrade: "websocket" } });
      req.on("upgrade", () => resolve(101));
      req.on("response", (res) => resolve(res.statusCode!));
      req.on("error", () => resolve(-1));
      req.end();
    });
    expect(malformed).toBe(400);
    // A subprotocol list ocpp-rpc cannot parse (empty, or a name twice) is a 400 too, not its 500.
    for (const protocols of ["", "ocpp1.6, ocpp1.6", "ocpp1.6,,"]) {
      const answered = await new Promise<number>((resolve) => {
        const req = request({
          port,
          host: "127.0.0.1",
          path: "/ocpp/ZAV-CP-001",
          headers: {
            Connection: "Upgrade",
            Upgrade: "websocket",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Protocol": protocols,
          },
        });
        req.on("upgrade", () => resolve(101));
        req.on("response", (res) => resolve(res.statusCode!));
        req.on("error", () => resolve(-1));
        req.end();
      });
      expect(answered, protocols).toBe(400);
    }
    expect(isSubprotocolList("ocpp1.6")).toBe(true);
    expect(isSubprotocolList("ocpp2.0.1, ocpp1.6")).toBe(true);
  });

  it("refuses an unknown id or a wrong password at the upgrade (401), and keeps serving the others", async () => {
    const { charger } = await setup();
    const log = watchLog();
    await expect(connect("ZAV-NOBODY", {})).rejects.toThrow(/401|Unauthorized/);
    // An id no charger can have (here a NUL byte) is unknown too, and never reaches the database.
    await expect(connect("\u0000", {})).rejects.toThrow(/401|Unauthorized/);
    await expect(connect(charger.chargePointId, { password: "wrong" })).rejects.toThrow(/401|Unauthorized/);
    log.expectLogged("ocpp: charger sign-in refused", { chargePointId: "ZAV-NOBODY" });
    log.expectLogged("ocpp: charger sign-in refused", { chargePointId: charger.chargePointId });
    const good = await connect(charger.chargePointId);
    expect((await good.call("Heartbeat", {})).currentTime).toBeTypeOf("string");
    await good.client.close();
  });
});

describe("admission", () => {
  it("answers 503 beyond maxHandshakes connections being set up at once, and takes chargers again once they are online", async () => {
    const { charger } = await setup();
    const other = await createCharger((await setup()).station);
    // The first sign-in waits until the test lets it through: its connection is being set up meanwhile.
    let letThrough!: () => void;
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    let calls = 0;
    const gated = createOcppServer({
      upkeepMs: 0,
      pingIntervalMs: 0,
      maxHandshakes: 1,
      authenticate: async (id, password) => {
        if (calls++ === 0) await gate;
        return authenticateCharger(id, password);
      },
    });
    const small = createServer((_req, res) => res.writeHead(404).end());
    dispatchUpgrades(small, { realtime: (_req, socket) => socket.destroy(), ocpp: gated.handleUpgrade });
    await new Promise<void>((resolve) => small.listen(0, "127.0.0.1", resolve));
    const url = `ws://127.0.0.1:${(small.address() as AddressInfo).port}/ocpp`;
    const open = (identity: string, password = PASSWORD) => {
      const client = new RPCClient({
        endpoint: url,
        identity,
        password,
        protocols: ["ocpp1.6"],
        reconnect: false,
        pingIntervalMs: 0,
      } as never);
      clients.push(client);
      return client.connect().then(() => client);
    };
    const log = watchLog();
    try {
      const first = open(charger.chargePointId);
      await vi.waitFor(() => expect(calls).toBe(1));
      await expect(open(other.chargePointId)).rejects.toThrow(/503|Service Unavailable/);
      letThrough();
      const a = await first;
      expect(
        (await a.call("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "T-22" })) as { status: string },
      ).toMatchObject({
        status: "Accepted",
      });
      // A refused sign-in gives its place back too.
      await expect(open(other.chargePointId, "wrong-password")).rejects.toThrow(/401|Unauthorized/);
      log.expectLogged("ocpp: charger sign-in refused", { chargePointId: other.chargePointId });
      const b = await open(other.chargePointId);
      expect((await b.call("Heartbeat", {})) as { currentTime: string }).toHaveProperty("currentTime");
    } finally {
      letThrough();
      await gated.close();
      small.closeAllConnections();
      await new Promise((resolve) => small.close(resolve));
    }
  });
});

describe("refused sign-ins", () => {
  it("turns an address away after too many failures in the window, never for successes", () => {
    const limit = createAuthFailureLimit(3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(limit.blocked("10.0.0.1", 1000)).toBe(false);
      limit.failed("10.0.0.1", 1000 + i);
    }
    expect(limit.blocked("10.0.0.1", 2000)).toBe(true);
    expect(limit.blocked("10.0.0.2", 2000)).toBe(false);
    expect(limit.blocked("10.0.0.1", 61_000)).toBe(false);
  });
});

describe("a charger's life", () => {
  it("is registered by staff (audited, password hashed) and connects with that password", async () => {
    const station = await createTestStation();
    const staff = await makeUser("staff");
    const customer = await makeUser("customer");
    const input = {
      chargePointId: `ZAV-NEW-${randomInt(1e9)}`,
      stationId: station.station.id,
      password: "a-long-charger-key",
      commissioned: true,
    };
    expect((await saveCharger(customer, input)).ok).toBe(false);
    expect(await saveCharger(staff, { ...input, password: "short" })).toMatchObject({ ok: false });
    const saved = await saveCharger(staff, input);
    if (!saved.ok) throw new Error(saved.error.message);
    expect(await saveCharger(staff, { ...input })).toMatchObject({ ok: false });
    const row = await chargerRow(saved.chargerId);
    expect(row.passwordHash).toMatch(/^hmac\$[0-9a-f]{64}$/); // keyed, never the password itself
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "zavcharge.charger.create"), eq(auditLog.resourceId, String(saved.chargerId))));
    expect(JSON.stringify(audit?.newData)).not.toContain("a-long-charger-key");
    const cp = await connect(input.chargePointId, { password: "a-long-charger-key" });
    expect(await cp.call("BootNotification", { chargePointVendor: "Zav", chargePointModel: "AC22" })).toMatchObject({
      status: "Accepted",
      interval: 300,
    });
    await cp.client.close();
  });

  it("is counted in the metrics while connected, and its calls by action (an unknown action as other)", async () => {
    const connected = 'chargers_connected{protocol="ocpp"}';
    const boots = 'ocpp_calls_total{direction="in",action="BootNotification"}';
    const others = 'ocpp_calls_total{direction="in",action="other"}';
    const [connectedBefore, bootsBefore, othersBefore] = [
      await metricValue(connected),
      await metricValue(boots),
      await metricValue(others),
    ];
    const { charger } = await setup();
    // Not strict: the client sends an action OCPP does not have, as a faulty charger could.
    const cp = await connect(charger.chargePointId, { strict: false });
    await ocpp.settled();
    expect(await metricValue(connected)).toBe(connectedBefore + 1);
    await cp.call("BootNotification", { chargePointVendor: "Zav", chargePointModel: "AC22" });
    await cp.call("MadeUpAction", {}).catch(() => undefined);
    expect(await metricValue(boots)).toBe(bootsBefore + 1);
    expect(await metricValue(others)).toBe(othersBefore + 1);
    expect(await metricsRegistry().metrics()).not.toContain("MadeUpAction");
    await cp.client.close();
    await ocpp.settled();
    expect(await metricValue(connected)).toBe(connectedBefore);
  });

  it("is online from its first connection, boots Accepted when commissioned (Pending otherwise) and goes offline on close", async () => {
    const { charger, station } = await setup();
    const cp = await connect(charger.chargePointId);
    await ocpp.settled();
    const online = await chargerRow(charger.id);
    expect(online.connected).toBe(true);
    expect(online.lastSeenAt).toBeInstanceOf(Date);

    const boot = await cp.call("BootNotification", { chargePointVendor: "Zav", chargePointModel: "AC22", firmwareVersion: "1.2.3" });
    expect(boot).toMatchObject({ status: "Accepted", interval: 60 });
    expect(await chargerRow(charger.id)).toMatchObject({ vendor: "Zav", model: "AC22", firmwareVersion: "1.2.3" });

    await cp.client.close();
    await ocpp.settled();
    expect((await chargerRow(charger.id)).connected).toBe(false);
    // Its station's only charger went away: the station is offline, so its slots are not offered...
    const [st] = await getDb().select().from(chargingStations).where(eq(chargingStations.id, station.station.id));
    expect(st!.status).toBe("offline");
    // ...until it comes back.
    const again = await connect(charger.chargePointId);
    await ocpp.settled();
    const [back] = await getDb().select().from(chargingStations).where(eq(chargingStations.id, station.station.id));
    expect(back!.status).toBe("online");
    await again.client.close();

    const { charger: fresh, driver } = await setup({ commissioned: false });
    const pending = await connect(fresh.chargePointId);
    expect(await pending.call("BootNotification", { chargePointVendor: "Zav", chargePointModel: "AC22" })).toMatchObject({
      status: "Pending",
    });
    // Not commissioned: it charges nobody.
    expect(await pending.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(0) })).toEqual({
      transactionId: 0,
      idTagInfo: { status: "Invalid" },
    });
    await pending.client.close();
  });

  it("marks a charger silent for two heartbeat intervals offline and drops its socket", async () => {
    const { charger } = await setup();
    const cp = await connect(charger.chargePointId);
    await ocpp.settled();
    const closed = new Promise((resolve) => cp.client.once("close", resolve));
    await getDb()
      .update(chargers)
      .set({ lastSeenAt: new Date(Date.now() - 121_000) })
      .where(eq(chargers.id, charger.id));
    const log = watchLog();
    await ocpp.upkeep();
    await closed;
    await ocpp.settled();
    expect((await chargerRow(charger.id)).connected).toBe(false);
    log.expectLogged("ocpp: charger silent for two heartbeat intervals, marked offline", { chargerId: charger.id });
  });

  it("maps connector statuses to slots, charges, bills the energy once and logs every message", async () => {
    const { charger, station, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    await cp.call("BootNotification", { chargePointVendor: "Zav", chargePointModel: "AC22" });
    const slot1 = station.slots[0]!;
    const slotStatus = async () => (await getDb().select().from(chargingSlots).where(eq(chargingSlots.id, slot1.id)))[0]!.status;
    await cp.call("StatusNotification", { connectorId: 1, errorCode: "NoError", status: "Faulted" });
    expect(await slotStatus()).toBe("out_of_order");
    await cp.call("StatusNotification", { connectorId: 1, errorCode: "NoError", status: "Preparing" });
    expect(await slotStatus()).toBe("available");

    expect(await cp.call("Authorize", { idTag: driver.code })).toEqual({ idTagInfo: { status: "Accepted" } });
    expect(await cp.call("Authorize", { idTag: "NOSUCHTAG" })).toEqual({ idTagInfo: { status: "Invalid" } });
    const start = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 100_000, timestamp: ago(600_000) });
    expect(start.idTagInfo).toEqual({ status: "Accepted" });
    const s = await sessionOf(start.transactionId);
    expect(s).toMatchObject({ source: "charger", chargerId: charger.id, idTag: driver.code, pricePerKwhKobo: 25_000, status: "active" });
    expect(await slotStatus()).toBe("charging");
    // Already charging: the same tag is refused elsewhere.
    expect(await cp.call("Authorize", { idTag: driver.code })).toEqual({ idTagInfo: { status: "ConcurrentTx" } });

    await cp.call("MeterValues", {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [
        {
          timestamp: ago(300_000),
          sampledValue: [
            { value: "101.5", measurand: "Energy.Active.Import.Register", unit: "kWh" },
            { value: "55", measurand: "SoC", unit: "Percent" },
            { value: "7000", measurand: "Power.Active.Import", unit: "W" },
          ],
        },
      ],
    });
    expect(await sessionOf(start.transactionId)).toMatchObject({ lastMeterWh: 101_500, socPercent: 55, powerW: 7000 });

    const stop = await cp.call("StopTransaction", {
      transactionId: start.transactionId,
      meterStop: 102_345,
      timestamp: ago(0),
      idTag: driver.code,
      reason: "EVDisconnected",
    });
    expect(stop).toEqual({ idTagInfo: { status: "Accepted" } });
    const done = await sessionOf(start.transactionId);
    // 2.345 kWh at ₦250 = ₦586.25
    expect(done).toMatchObject({ status: "completed", energyWh: 2345, costKobo: 58_625, meterStopWh: 102_345 });
    expect(await balanceOf(driver.accountId)).toBe(1_000_000 - 58_625);

    await ocpp.settled();
    const logged = await getDb().select().from(chargerMessages).where(eq(chargerMessages.chargerId, charger.id));
    const actions = logged.map((m) => `${m.direction}:${m.action}`);
    expect(actions).toContain("in:StartTransaction");
    expect(actions).toContain("out:StartTransaction");
    expect(actions).toContain("in:MeterValues");
    expect(logged.find((m) => m.direction === "out" && m.action === "StartTransaction")!.payload).toMatchObject({
      transactionId: start.transactionId,
    });
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, driver.userId));
    expect(told.map((n) => n.title)).toEqual(expect.arrayContaining(["Charging started", "Charging stopped"]));
    await cp.client.close();
  });
});

describe("protocol edges", () => {
  it("answers an unknown action NotImplemented, a malformed message with a CALLERROR, and DataTransfer UnknownVendorId", async () => {
    const { charger } = await setup();
    const cp = await connect(charger.chargePointId, { strict: false });
    await expect(cp.call("FooBar", {})).rejects.toMatchObject({ rpcErrorCode: "NotImplemented" });
    await expect(cp.call("BootNotification", { chargePointVendor: "Zav" })).rejects.toMatchObject({
      rpcErrorCode: expect.stringMatching(/Occur+ence?ConstraintViolation/),
    });
    await expect(cp.call("StartTransaction", { connectorId: "one", idTag: "X" })).rejects.toHaveProperty("rpcErrorCode");
    expect(await cp.call("DataTransfer", { vendorId: "com.example", messageId: "x", data: "{}" })).toEqual({ status: "UnknownVendorId" });
    // Still talking after all that.
    expect(await cp.call("Heartbeat", {})).toHaveProperty("currentTime");
    await ocpp.settled();
    const errors = await getDb()
      .select()
      .from(chargerMessages)
      .where(and(eq(chargerMessages.chargerId, charger.id), eq(chargerMessages.direction, "out")));
    expect(errors.map((m) => m.errorCode)).toContain("NotImplemented");
    await cp.client.close();
  });

  it("answers a StopTransaction for an unknown transaction, bills nothing and alerts", async () => {
    const { charger, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    const log = watchLog();
    expect(await cp.call("StopTransaction", { transactionId: 987_654, meterStop: 5000, timestamp: ago(0), idTag: driver.code })).toEqual({
      idTagInfo: { status: "Accepted" },
    });
    expect(await cp.call("StopTransaction", { transactionId: 987_655, meterStop: 5000, timestamp: ago(0), idTag: "UNKNOWN" })).toEqual({
      idTagInfo: { status: "Invalid" },
    });
    expect(await cp.call("StopTransaction", { transactionId: 987_656, meterStop: 5000, timestamp: ago(0) })).toEqual({});
    log.expectLogged("StopTransaction for an unknown transaction", { chargerId: charger.id, transactionId: 987_654 });
    const alerts = await alertsOfType("zavcharge_unknown_stop");
    expect(alerts.some((a) => a.dedupeKey === `zavcharge-unknown-stop:${charger.id}:987654`)).toBe(true);
    expect(await balanceOf(driver.accountId)).toBe(1_000_000);
    await cp.client.close();
  });

  it("bills the validated energy and alerts when meterStop is below meterStart", async () => {
    const { charger, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    const start = await cp.call("StartTransaction", { connectorId: 2, idTag: driver.code, meterStart: 50_000, timestamp: ago(1_800_000) });
    await cp.call("MeterValues", {
      connectorId: 2,
      transactionId: start.transactionId,
      meterValue: [{ timestamp: ago(600_000), sampledValue: [{ value: "54000" }] }],
    });
    expect(await cp.call("StopTransaction", { transactionId: start.transactionId, meterStop: -1, timestamp: ago(0) })).toEqual({
      idTagInfo: { status: "Accepted" },
    });
    const s = await sessionOf(start.transactionId);
    expect(s).toMatchObject({ status: "completed", energyWh: 4000, costKobo: 100_000, meterStopWh: 54_000, reportedMeterStopWh: -1 });
    expect(await balanceOf(driver.accountId)).toBe(900_000);
    const alerts = await alertsOfType("zavcharge_meter_anomaly");
    expect(alerts.some((a) => a.dedupeKey === `zavcharge-stop-anomaly:${start.transactionId}`)).toBe(true);
    await cp.client.close();
  });

  it("never lets one charger meter or stop another charger's transaction", async () => {
    const { charger, station, driver } = await setup();
    const intruder = await createCharger(station);
    const cp = await connect(charger.chargePointId);
    const other = await connect(intruder.chargePointId);
    const start = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(600_000) });
    const log = watchLog();
    await other.call("MeterValues", {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [{ timestamp: ago(1000), sampledValue: [{ value: "900" }] }],
    });
    expect(await other.call("StopTransaction", { transactionId: start.transactionId, meterStop: 900, timestamp: ago(0) })).toEqual({});
    // To the intruder, another charger's transaction is one it does not know.
    log.expectLogged("StopTransaction for an unknown transaction", { chargerId: intruder.id, transactionId: start.transactionId });
    expect(await sessionOf(start.transactionId)).toMatchObject({ status: "active", lastMeterWh: null });
    await cp.client.close();
    await other.client.close();
  });

  it("keeps message payloads to a few KB and prunes each charger's log to the last N", async () => {
    const { charger } = await setup();
    await logChargerMessage({ chargerId: charger.id, direction: "in", action: "DataTransfer", payload: { data: "x".repeat(10_000) } });
    for (let i = 0; i < 5; i++) await logChargerMessage({ chargerId: charger.id, direction: "in", action: "Heartbeat", payload: {} });
    const [big] = await getDb().select().from(chargerMessages).where(eq(chargerMessages.chargerId, charger.id)).limit(1);
    expect(big!.payload).toMatchObject({ truncated: true });
    expect(JSON.stringify(big!.payload).length).toBeLessThan(5000);
    await pruneChargerMessages(new Date(), 3);
    const kept = await getDb().select().from(chargerMessages).where(eq(chargerMessages.chargerId, charger.id));
    expect(kept).toHaveLength(3);
    expect(kept.every((m) => m.action === "Heartbeat")).toBe(true);
  });

  it("bills a transaction run offline for an account that is short of money by the time it arrives", async () => {
    const { charger, driver } = await setup({ balanceKobo: 20_000 });
    const cp = await connect(charger.chargePointId);
    // Live: refused. Queued an hour ago: opened (and the charger told Blocked), then billed.
    expect(await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(1000) })).toEqual({
      transactionId: 0,
      idTagInfo: { status: "Blocked" },
    });
    const late = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(3_600_000) });
    expect(late.transactionId).toBeGreaterThan(0);
    expect(late.idTagInfo).toEqual({ status: "Blocked" });
    await cp.call("StopTransaction", { transactionId: late.transactionId, meterStop: 1000, timestamp: ago(3_000_000) });
    expect(await sessionOf(late.transactionId)).toMatchObject({ costKobo: 25_000, unpaidKobo: 5000 });
    expect(await balanceOf(driver.accountId)).toBe(0);
    await cp.client.close();
  });

  it("settles an offline replay of Start and Stop once", async () => {
    const { charger, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    const startMsg = { connectorId: 1, idTag: driver.code, meterStart: 10_000, timestamp: ago(3_600_000) };
    const first = await cp.call("StartTransaction", startMsg);
    const replay = await cp.call("StartTransaction", startMsg);
    expect(replay.transactionId).toBe(first.transactionId);
    const stopMsg = { transactionId: first.transactionId, meterStop: 14_000, timestamp: ago(60_000), reason: "Local" };
    expect(await cp.call("StopTransaction", stopMsg)).toEqual({ idTagInfo: { status: "Accepted" } });
    expect(await cp.call("StopTransaction", stopMsg)).toEqual({ idTagInfo: { status: "Accepted" } });
    // The Start replayed after the stop still finds its (settled) session, never a new one.
    expect((await cp.call("StartTransaction", startMsg)).transactionId).toBe(first.transactionId);
    const sessions = await getDb().select().from(chargingSessions).where(eq(chargingSessions.accountId, driver.accountId));
    expect(sessions).toHaveLength(1);
    const debits = await getDb()
      .select()
      .from(zavchargeWalletEntries)
      .where(and(eq(zavchargeWalletEntries.accountId, driver.accountId), eq(zavchargeWalletEntries.kind, "charging")));
    expect(debits).toHaveLength(1);
    expect(debits[0]!.amountKobo).toBe(-100_000);
    await cp.client.close();
  });
});

describe("prepaid limits, staff and maintenance", () => {
  it("asks the charger to stop (RemoteStopTransaction, once) when the running cost reaches the balance", async () => {
    // ₦600 at ₦250/kWh: 2.4 kWh uses it up.
    const { charger, driver } = await setup({ balanceKobo: 60_000 });
    const cp = await connect(charger.chargePointId);
    const start = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(1_200_000) });
    const meter = (wh: number, msAgo: number) =>
      cp.call("MeterValues", {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [{ timestamp: ago(msAgo), sampledValue: [{ value: String(wh) }] }],
      });
    await meter(1000, 900_000);
    expect(cp.received).toHaveLength(0);
    const remoteStop = cp.nextCall();
    await meter(2400, 600_000);
    expect(await remoteStop).toEqual({ method: "RemoteStopTransaction", params: { transactionId: start.transactionId } });
    await meter(2450, 590_000);
    await ocpp.settled();
    expect(cp.received.filter((c) => c.method === "RemoteStopTransaction")).toHaveLength(1);
    expect(await sessionOf(start.transactionId)).toMatchObject({ limitReason: "balance" });

    await cp.call("StopTransaction", { transactionId: start.transactionId, meterStop: 2460, timestamp: ago(580_000), reason: "Remote" });
    const s = await sessionOf(start.transactionId);
    expect(s).toMatchObject({ costKobo: 61_500, unpaidKobo: 1500 });
    expect(await balanceOf(driver.accountId)).toBe(0);
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, driver.userId));
    expect(told.map((n) => n.title)).toContain("Charging stopped: balance used up");
    await cp.client.close();
  });

  it("tells the driver 'fully charged' once, at 100 % only", async () => {
    const { charger, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    const start = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(1_200_000) });
    for (const [soc, wh, msAgo] of [
      [99, 100, 900_000],
      [100, 200, 800_000],
      [100, 210, 700_000],
    ] as const)
      await cp.call("MeterValues", {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [
          { timestamp: ago(msAgo), sampledValue: [{ value: String(wh) }, { value: String(soc), measurand: "SoC", unit: "Percent" }] },
        ],
      });
    const full = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, driver.userId), eq(notifications.title, "Fully charged")));
    expect(full).toHaveLength(1);
    await cp.client.close();
  });

  it("lets staff force-close a stale session at its last reading, audited; the late stop changes nothing", async () => {
    const { charger, driver } = await setup();
    const staff = await makeUser("staff");
    const cp = await connect(charger.chargePointId);
    const start = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(7_200_000) });
    await cp.call("MeterValues", {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [{ timestamp: ago(3_600_000), sampledValue: [{ value: "2000" }] }],
    });
    const customer = await makeUser("customer");
    expect((await forceCloseSession(customer, { sessionId: start.transactionId, reason: "nope" })).ok).toBe(false);
    const closed = await forceCloseSession(staff, { sessionId: start.transactionId, reason: "Charger lost power, never sent a stop" });
    expect(closed.ok && closed.energyWh).toBe(2000);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "zavcharge.session.force-close"), eq(auditLog.resourceId, String(start.transactionId))));
    expect(audit?.actorId).toBe(staff.id);
    expect(await cp.call("StopTransaction", { transactionId: start.transactionId, meterStop: 9000, timestamp: ago(0) })).toEqual({
      idTagInfo: { status: "Accepted" },
    });
    expect(await sessionOf(start.transactionId)).toMatchObject({ energyWh: 2000, costKobo: 50_000, stoppedByUserId: staff.id });
    expect(await balanceOf(driver.accountId)).toBe(950_000);
    await cp.client.close();
  });

  it("starts a charge from the site through the gateway (RemoteStartTransaction with the account code)", async () => {
    const { charger, station, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    await ocpp.settled();
    const remote = cp.nextCall();
    const started = await startRemoteCharging({
      accountId: driver.accountId,
      stationId: station.station.id,
      slotNumber: 2,
      energyLimitWh: 5000,
    });
    expect(started.ok).toBe(true);
    expect(await remote).toEqual({ method: "RemoteStartTransaction", params: { connectorId: 2, idTag: driver.code } });
    const start = await cp.call("StartTransaction", { connectorId: 2, idTag: driver.code, meterStart: 0, timestamp: ago(1000) });
    expect(await sessionOf(start.transactionId)).toMatchObject({ energyLimitWh: 5000 });
    // Taken once: the row the remote start held is gone with the session's opening.
    expect(await heldLimits(charger.id)).toEqual([]);
    const poor = await createTestDriver({ balanceKobo: 10_000 });
    const refused = await startRemoteCharging({ accountId: poor.accountId, stationId: station.station.id, slotNumber: 1 });
    expect(refused.ok).toBe(false);
    // A slot the station does not have is refused beside the form's station-and-slot choice.
    const noSuchSlot = await startRemoteCharging({ accountId: driver.accountId, stationId: station.station.id, slotNumber: 99 });
    expect(noSuchSlot).toMatchObject({ ok: false, error: { message: "That slot is not at this station", field: "place" } });
    await cp.client.close();
  });

  it("sends ChangeAvailability Inoperative when a maintenance window starts, retrying a Scheduled answer", async () => {
    const { charger, station } = await setup();
    let answer = "Scheduled";
    const cp = await connect(charger.chargePointId, { answer: () => ({ status: answer }) });
    await ocpp.settled();
    await getDb()
      .update(chargingStations)
      .set({ maintenanceStartsAt: new Date(Date.now() - 60_000), maintenanceMinutes: 120 })
      .where(eq(chargingStations.id, station.station.id));
    await ocpp.upkeep();
    expect(cp.received.at(-1)).toEqual({ method: "ChangeAvailability", params: { connectorId: 0, type: "Inoperative" } });
    expect((await chargerRow(charger.id)).availability).toBe("Operative");
    answer = "Accepted";
    await ocpp.upkeep();
    expect((await chargerRow(charger.id)).availability).toBe("Inoperative");
    // Window over: Operative again.
    await getDb().update(chargingStations).set({ maintenanceStartsAt: null }).where(eq(chargingStations.id, station.station.id));
    await ocpp.upkeep();
    expect(cp.received.at(-1)).toEqual({ method: "ChangeAvailability", params: { connectorId: 0, type: "Operative" } });
    expect((await chargerRow(charger.id)).availability).toBe("Operative");
    await cp.client.close();
  });
});

const heldLimits = (chargerId: number) => getDb().select().from(remoteStartLimits).where(eq(remoteStartLimits.chargerId, chargerId));

describe("a remote start's limits", () => {
  it("wait in the database, so another instance or a restart finds them; taken once, for that connector and tag only", async () => {
    const { charger, station, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    await ocpp.settled();
    const remote = cp.nextCall();
    expect(
      (await startRemoteCharging({ accountId: driver.accountId, stationId: station.station.id, slotNumber: 1, moneyLimitKobo: 30_000 })).ok,
    ).toBe(true);
    await remote;
    expect(await heldLimits(charger.id)).toMatchObject([
      { connectorId: 1, idTag: driver.code, moneyLimitKobo: 30_000, energyLimitWh: null },
    ]);
    // What a second instance, or this one after a restart, reads when the charger's StartTransaction reaches it.
    expect(await takeRemoteStartLimits(getDb(), charger.id, 2, driver.code)).toEqual({ energyLimitWh: null, moneyLimitKobo: null });
    expect(await takeRemoteStartLimits(getDb(), charger.id, 1, driver.code.toLowerCase())).toEqual({
      energyLimitWh: null,
      moneyLimitKobo: 30_000,
    });
    expect(await takeRemoteStartLimits(getDb(), charger.id, 1, driver.code)).toEqual({ energyLimitWh: null, moneyLimitKobo: null });
    await cp.client.close();
  });

  it("expire after five minutes and are cleared on the way; a newer start replaces them", async () => {
    const { charger, driver } = await setup();
    const t0 = new Date("2026-11-27T10:00:00Z");
    await holdRemoteStartLimits(getDb(), charger.id, 1, driver.code, { energyLimitWh: 4000, moneyLimitKobo: null }, t0);
    await holdRemoteStartLimits(getDb(), charger.id, 1, driver.code, { energyLimitWh: 6000, moneyLimitKobo: null }, t0);
    await holdRemoteStartLimits(getDb(), charger.id, 2, driver.code, { energyLimitWh: 1000, moneyLimitKobo: null }, t0);
    expect(await heldLimits(charger.id)).toHaveLength(2);
    const later = new Date(t0.getTime() + 5 * 60_000 + 1);
    expect(await takeRemoteStartLimits(getDb(), charger.id, 1, driver.code, later)).toEqual({ energyLimitWh: null, moneyLimitKobo: null });
    expect(await heldLimits(charger.id)).toEqual([]);
    await holdRemoteStartLimits(getDb(), charger.id, 1, driver.code, { energyLimitWh: 6000, moneyLimitKobo: null }, t0);
    expect(await takeRemoteStartLimits(getDb(), charger.id, 1, driver.code, t0)).toEqual({ energyLimitWh: 6000, moneyLimitKobo: null });
  });
});

describe("from the dashboard and the staff pages", () => {
  it("offers a station to start from only while its charger is connected, shows the running session, and stops only the driver's own", async () => {
    const { station, charger, driver } = await setup({ price: 20_000 });
    const other = await createTestDriver();
    const offered = () => listRemoteStartOptions().then((all) => all.find((o) => o.stationId === station.station.id));
    expect(await offered()).toBeUndefined();
    const cp = await connect(charger.chargePointId);
    await cp.call("BootNotification", { chargePointVendor: "Zav", chargePointModel: "AC22" });
    expect((await offered())?.slots.map((sl) => sl.number)).toEqual([1, 2]);

    const start = await cp.call("StartTransaction", { connectorId: 2, idTag: driver.code, meterStart: 5000, timestamp: ago(600_000) });
    await cp.call("MeterValues", {
      connectorId: 2,
      transactionId: start.transactionId,
      meterValue: [
        {
          timestamp: ago(300_000),
          sampledValue: [{ value: "6500" }, { value: "71", measurand: "SoC", unit: "Percent" }],
        },
      ],
    });
    // 1.5 kWh at ₦200/kWh so far; the slot in use is no longer offered.
    expect(await findLiveSession(getDb(), driver.accountId)).toMatchObject({
      sessionId: start.transactionId,
      energyWh: 1500,
      costKobo: 30_000,
      socPercent: 71,
    });
    // The dashboard reads the same live session in its one statement, beside the session list.
    const dashboard = await getDriverDashboard(driver.accountId);
    expect(dashboard.live).toEqual(await findLiveSession(getDb(), driver.accountId));
    expect(dashboard.sessions[0]).toMatchObject({ id: start.transactionId, status: "active", stoppedAt: null });
    expect((await offered())?.slots.map((sl) => sl.number)).toEqual([1]);

    expect(await stopRemoteCharging(other.accountId, start.transactionId)).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(cp.received).toHaveLength(0);
    const remoteStop = cp.nextCall();
    expect(await stopRemoteCharging(driver.accountId, start.transactionId)).toMatchObject({ ok: true, status: "Accepted" });
    expect(await remoteStop).toEqual({ method: "RemoteStopTransaction", params: { transactionId: start.transactionId } });
    await cp.call("StopTransaction", { transactionId: start.transactionId, meterStop: 6600, timestamp: ago(200_000) });
    expect(await findLiveSession(getDb(), driver.accountId)).toBeNull();
    expect(await stopRemoteCharging(driver.accountId, start.transactionId)).toMatchObject({ ok: false, error: { code: "not_found" } });

    await cp.client.close();
    await ocpp.settled();
    expect(await offered()).toBeUndefined();
  });

  it("lets staff, not customers, command a charger; the answer is audited; bad commands change nothing", async () => {
    const { charger } = await setup();
    const staff = await makeUser("staff");
    const customer = await makeUser("customer");
    expect(await sendChargerCommand(staff, { command: "unlock", chargerId: charger.id, connectorId: 1 })).toMatchObject({
      ok: false,
      error: { code: "unavailable" },
    });
    const cp = await connect(charger.chargePointId, {
      answer: (c) => (c.method === "UnlockConnector" ? { status: "Unlocked" } : undefined),
    });
    expect(await sendChargerCommand(customer, { command: "reset", chargerId: charger.id, type: "Soft" })).toMatchObject({ ok: false });
    expect(await sendChargerCommand(staff, { command: "configuration", chargerId: charger.id, key: "bad key!", value: "1" })).toMatchObject(
      {
        ok: false,
        error: { code: "invalid_input" },
      },
    );
    expect(cp.received).toHaveLength(0);
    expect(await sendChargerCommand(staff, { command: "unlock", chargerId: charger.id, connectorId: 2 })).toMatchObject({
      ok: true,
      status: "Unlocked",
    });
    expect(
      await sendChargerCommand(staff, { command: "trigger", chargerId: charger.id, requestedMessage: "Heartbeat", connectorId: "" }),
    ).toMatchObject({
      ok: true,
    });
    expect(cp.received).toEqual([
      { method: "UnlockConnector", params: { connectorId: 2 } },
      { method: "TriggerMessage", params: { requestedMessage: "Heartbeat" } },
    ]);
    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "zavcharge.charger.unlock"), eq(auditLog.resourceId, String(charger.id))));
    expect(audited.map((a) => (a.newData as { answer: string }).answer)).toEqual(["The charger is not connected.", "Unlocked"]);
    await cp.client.close();
  });

  it("lists a session as stuck once its charger is gone, not while it reports", async () => {
    const { charger, driver } = await setup();
    const cp = await connect(charger.chargePointId);
    const start = await cp.call("StartTransaction", { connectorId: 1, idTag: driver.code, meterStart: 0, timestamp: ago(60_000) });
    const stuck = async () => (await listChargers()).stale.some((s) => s.sessionId === start.transactionId);
    expect(await stuck()).toBe(false);
    await cp.client.close();
    await ocpp.settled();
    expect(await stuck()).toBe(true);
    expect((await listChargers()).chargers.find((c) => c.id === charger.id)).toMatchObject({ connected: false });
  });
});
