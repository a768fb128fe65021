import { randomInt } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { RPCClient } from "ocpp-rpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../../../tests/support/store-fixtures";
import { createTestDriver, createTestStation } from "../../../../tests/support/zavcharge-fixtures";
import { watchLog } from "../../../../tests/support/log-lines";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { getDb } from "../../../db/client";
import { chargerCommands, chargerConnections, chargers } from "../schema";
import { listRemoteStartOptions } from "../list-remote-start-options";
import { startRemoteCharging } from "../start-remote-charging";
import { createChargerRegistry, processChargerRegistry } from "../charger-gateway";
import { hashChargerPassword } from "../charger-password";
import { forgetChargerConnection, recordChargerConnection } from "../record-charger-connection";
import { relayChargerCommand, stopAwaitingChargerAnswers } from "../relay-charger-command";
import { sendChargerCommand } from "../send-charger-command";
import { createOcppServer, type TOcppServer } from "./ocpp-server";

// A command reaches a charger whichever instance asks (docs/product/zavcharge.md#chargers,
// docs/decisions/0036-charger-commands-across-instances.md). Two OCPP servers in this process stand for two
// instances: "here" registers its chargers in the process's registry, as server/main.ts does; "there" in a registry
// of its own under another instance id. The gateway asks from here, so a charger connected there is reached only
// through charger_connections and charger_commands, with the same NOTIFYs as between two processes.

const database = useTestDatabase();
const PASSWORD = "charger-secret-1";
const THERE = "instance-there";
let passwordHash: string;
type TInstance = { http: Server; ocpp: TOcppServer; port: number };
let here: TInstance;
let there: TInstance;
const clients: InstanceType<typeof RPCClient>[] = [];

async function startInstance(registry?: ReturnType<typeof createChargerRegistry>): Promise<TInstance> {
  const ocpp = createOcppServer({ upkeepMs: 0, pingIntervalMs: 0, callTimeoutMs: 5000, registry });
  const http = createServer((_req, res) => res.writeHead(404).end());
  http.on("upgrade", (req, socket, head) => ocpp.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { http, ocpp, port: (http.address() as AddressInfo).port };
}

beforeAll(async () => {
  database();
  passwordHash = await hashChargerPassword(PASSWORD);
  here = await startInstance();
  there = await startInstance(createChargerRegistry(THERE));
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close({ force: true })));
  await stopAwaitingChargerAnswers();
  for (const i of [here, there]) {
    await i.ocpp.close();
    i.http.closeAllConnections();
    await new Promise((resolve) => i.http.close(resolve));
  }
});

async function createCharger() {
  const station = await createTestStation({ slots: 2 });
  const [charger] = await getDb()
    .insert(chargers)
    .values({ chargePointId: `ZAV-X-${randomInt(1_000_000_000)}`, stationId: station.station.id, passwordHash, commissioned: true })
    .returning();
  return { station, charger: charger! };
}

type TRemoteCall = { method: string; params: Record<string, unknown> };

/** A charger on the wire to one instance, and the calls it received, in order. */
async function connect(to: TInstance, chargePointId: string, answer?: (c: TRemoteCall) => unknown) {
  const client = new RPCClient({
    endpoint: `ws://127.0.0.1:${to.port}/ocpp`,
    identity: chargePointId,
    password: PASSWORD,
    protocols: ["ocpp1.6"],
    strictMode: true,
    reconnect: false,
    pingIntervalMs: 0,
  } as never);
  const received: TRemoteCall[] = [];
  client.handle(async ({ method, params }) => {
    const c = { method: method!, params: params as Record<string, unknown> };
    received.push(c);
    return (answer?.(c) ?? { status: c.method === "UnlockConnector" ? "Unlocked" : "Accepted" }) as Record<string, unknown>;
  });
  await client.connect();
  clients.push(client);
  await to.ocpp.settled();
  return { client, received };
}

async function connectionOf(chargerId: number) {
  const [row] = await getDb().select().from(chargerConnections).where(eq(chargerConnections.chargerId, chargerId));
  return row;
}

async function commandsOf(chargerId: number) {
  return getDb().select().from(chargerCommands).where(eq(chargerCommands.chargerId, chargerId)).orderBy(chargerCommands.id);
}

async function isOnline(chargerId: number) {
  const [c] = await getDb().select({ connected: chargers.connected }).from(chargers).where(eq(chargers.id, chargerId));
  return c!.connected;
}

describe("which instance holds a charger", () => {
  it("counts an epoch per connection, and a close takes the row away only while it is still its own", async () => {
    const { charger } = await createCharger();
    expect(await recordChargerConnection(charger.id, "a")).toBe(1);
    expect(await recordChargerConnection(charger.id, "b")).toBe(2);
    expect(await forgetChargerConnection(charger.id, "a", 1)).toBe(false);
    expect(await connectionOf(charger.id)).toMatchObject({ instanceId: "b", epoch: 2 });
    expect(await forgetChargerConnection(charger.id, "b", 2)).toBe(true);
    expect(await connectionOf(charger.id)).toBeUndefined();
  });

  it("keeps a charger that reconnected to another instance online when its old socket closes late", async () => {
    const { charger } = await createCharger();
    const old = await connect(there, charger.chargePointId);
    expect(await connectionOf(charger.id)).toMatchObject({ instanceId: THERE, epoch: 1 });
    // The charger gave up on the old socket (which the old instance still thinks open) and came back here.
    await connect(here, charger.chargePointId);
    expect(await connectionOf(charger.id)).toMatchObject({ instanceId: processChargerRegistry().instanceId, epoch: 2 });
    await old.client.close({ force: true });
    await there.ocpp.settled();
    expect(await connectionOf(charger.id)).toMatchObject({ instanceId: processChargerRegistry().instanceId, epoch: 2 });
    expect(await isOnline(charger.id)).toBe(true);
  });
});

describe("a command for a charger another instance holds", () => {
  it("reaches the charger once and brings its answer back to the staff page", async () => {
    const { charger } = await createCharger();
    const cp = await connect(there, charger.chargePointId);
    const staff = await makeUser("staff");
    const answer = await sendChargerCommand(staff, { command: "unlock", chargerId: charger.id, connectorId: 1 });
    expect(answer).toEqual({ ok: true, status: "Unlocked" });
    expect(cp.received).toEqual([{ method: "UnlockConnector", params: { connectorId: 1 } }]);
    expect(await commandsOf(charger.id)).toMatchObject([
      { action: "unlock", status: "answered", instanceId: THERE, epoch: 1, result: { ok: true, status: "Unlocked" } },
    ]);
  });

  it("lets a driver start charging from any instance: the station is offered, one RemoteStartTransaction arrives", async () => {
    const { charger, station } = await createCharger();
    const cp = await connect(there, charger.chargePointId);
    const driver = await createTestDriver();
    expect((await listRemoteStartOptions()).map((o) => o.stationId)).toContain(station.station.id);
    const started = await startRemoteCharging({ accountId: driver.accountId, stationId: station.station.id, slotNumber: 2 });
    expect(started).toEqual({ ok: true, chargerId: charger.id, status: "Accepted" });
    expect(cp.received).toEqual([{ method: "RemoteStartTransaction", params: { connectorId: 2, idTag: driver.code } }]);
  });

  it("is offline when no instance holds the charger, as before", async () => {
    const { charger } = await createCharger();
    const staff = await makeUser("staff");
    expect(await sendChargerCommand(staff, { command: "unlock", chargerId: charger.id, connectorId: 1 })).toMatchObject({
      ok: false,
      error: { message: "The charger is not connected." },
    });
    expect(await commandsOf(charger.id)).toEqual([]);
  });

  it("says the charger did not answer in time when the instance holding it is gone, and never delivers it later", async () => {
    const { charger } = await createCharger();
    // What a kill -9 leaves: the row of a dead instance, whose charger has not come back yet.
    await recordChargerConnection(charger.id, "killed-instance");
    const log = watchLog();
    const answer = await relayChargerCommand(charger.id, { action: "unlock", params: { connectorId: 1 } }, "asker", 1500);
    expect(answer).toEqual({ ok: false, reason: "failed", message: "The charger did not answer in time." });
    log.expectLogged("charger commands: no answer from the instance holding the charger", { chargerId: charger.id, action: "unlock" });
    expect(await commandsOf(charger.id)).toMatchObject([{ status: "expired" }]);
    // The charger comes back to a live instance: nothing old is waiting for it.
    const cp = await connect(there, charger.chargePointId);
    await there.ocpp.upkeep();
    expect(cp.received).toEqual([]);
  });

  it("calls a command sent by an instance that then died unknown, and never sends it again", async () => {
    const { charger } = await createCharger();
    // The dead instance had taken the start up (sent) when it was killed; the charger is now back, on "there".
    const dead = await recordChargerConnection(charger.id, "killed-instance");
    await getDb()
      .insert(chargerCommands)
      .values({
        chargerId: charger.id,
        action: "remoteStart",
        params: { connectorId: 1, idTag: "ZC-DEAD" },
        status: "sent",
        instanceId: "killed-instance",
        epoch: dead,
        sentAt: new Date(),
      });
    const cp = await connect(there, charger.chargePointId);
    await here.ocpp.upkeep();
    expect(await commandsOf(charger.id)).toMatchObject([{ status: "unknown", action: "remoteStart" }]);
    // The next command reaches the charger alone: the start is not resent with it.
    const staff = await makeUser("staff");
    expect(await sendChargerCommand(staff, { command: "unlock", chargerId: charger.id, connectorId: 2 })).toMatchObject({ ok: true });
    expect(cp.received).toEqual([{ method: "UnlockConnector", params: { connectorId: 2 } }]);
  });

  it("expires a queued command too old to deliver, even when its instance is woken for it", async () => {
    const { charger } = await createCharger();
    const cp = await connect(there, charger.chargePointId);
    const current = (await connectionOf(charger.id))!;
    const [old] = await getDb()
      .insert(chargerCommands)
      .values({
        chargerId: charger.id,
        action: "remoteStart",
        params: { connectorId: 1, idTag: "ZC-LATE" },
        instanceId: THERE,
        epoch: current.epoch,
        requestedAt: sql`now() - interval '2 minutes'`,
      })
      .returning({ id: chargerCommands.id });
    await getDb().execute(sql`select pg_notify('zavolah_charger_commands', ${`${old!.id} ${THERE}`})`);
    await there.ocpp.upkeep();
    expect(await commandsOf(charger.id)).toMatchObject([{ status: "expired" }]);
    const staff = await makeUser("staff");
    expect(await sendChargerCommand(staff, { command: "unlock", chargerId: charger.id, connectorId: 1 })).toMatchObject({ ok: true });
    expect(cp.received).toEqual([{ method: "UnlockConnector", params: { connectorId: 1 } }]);
  });
});
