import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { makeUser } from "../../tests/support/store-fixtures";
import { createSession } from "../../tests/support/sessions";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { notifyUser } from "../notifications/notify-user";
import { STATION_EVENT_TYPE } from "@domain/zavcharge/network/network-rules";
import { publishEvent } from "./publish";
import { issueRealtimeToken } from "./realtime-token";
import { attachRealtime, type TRealtimeServer } from "./realtime-server";
import { metricValue } from "../../tests/support/metrics";

// The real /ws: an HTTP server with the realtime module attached, real ws clients, real sessions, and
// events published through the database (PGlite, or PostgreSQL with DATABASE_URL).

const database = useTestDatabase();
let server: Server;
let realtime: TRealtimeServer;
let url: string;
const ORIGIN = new URL(publicUrl()).origin;

beforeAll(async () => {
  server = createServer((_req, res) => res.end("ok"));
  realtime = await attachRealtime(server, database(), { maxSocketsPerUser: 3 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await realtime.close();
  await new Promise((resolve) => server.close(resolve));
});

type TClient = { ws: WebSocket; messages: Record<string, unknown>[]; closed: Promise<number> };

/** Opens a socket; resolves when open, or rejects with the HTTP status of the refusal. */
function connect(headers: Record<string, string> = {}, query = ""): Promise<TClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url + query, { headers });
    const messages: Record<string, unknown>[] = [];
    const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
    ws.on("message", (data, isBinary) => messages.push(isBinary ? { type: "binary frame" } : JSON.parse(data.toString())));
    ws.on("open", () => resolve({ ws, messages, closed }));
    ws.on("unexpected-response", (_req, res) => reject(new Error(String(res.statusCode))));
    ws.on("error", reject);
  });
}

async function signedIn(role: "customer" | "staff" = "customer") {
  const user = await makeUser(role);
  const session = await createSession(user.id);
  return { user, session, open: () => connect({ cookie: session.cookie, origin: ORIGIN }) };
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 300));
const ofType = (c: TClient, type: string) => c.messages.filter((m) => m.type === type);

describe("/ws authentication", () => {
  it("accepts the session cookie from our own origin, and counts the socket in the metrics while it is open", async () => {
    const sockets = () => metricValue("websocket_clients");
    const before = await sockets();
    const { user, open } = await signedIn();
    const c = await open();
    expect(realtime.count(user.id)).toBe(1);
    expect(await sockets()).toBe(before + 1);
    c.ws.close();
    await c.closed;
    await until(() => realtime.count(user.id) === 0);
    expect(await sockets()).toBe(before);
  });

  it("refuses a cookie upgrade from another origin (403) or with no origin, and no credentials at all (401)", async () => {
    const { session } = await signedIn();
    await expect(connect({ cookie: session.cookie, origin: "https://evil.example" })).rejects.toThrow("403");
    await expect(connect({ cookie: session.cookie })).rejects.toThrow("403");
    await expect(connect({ origin: ORIGIN })).rejects.toThrow("401");
    await expect(connect({ cookie: "zavolah.session_token=forged.sig", origin: ORIGIN })).rejects.toThrow("401");
    expect(realtime.count()).toBe(0);
  });

  it("accepts a realtime bearer token in the header or the query, and refuses a bad or revoked one", async () => {
    const { user, session } = await signedIn();
    const { token } = await issueRealtimeToken(user.id, session.sessionId);
    const a = await connect({ authorization: `Bearer ${token}` });
    const b = await connect({}, `?token=${encodeURIComponent(token)}`);
    expect(realtime.count(user.id)).toBe(2);
    await expect(connect({}, `?token=${encodeURIComponent(token.slice(0, -2))}x`)).rejects.toThrow("401");
    // A session token is not a realtime token.
    await expect(connect({ authorization: `Bearer ${session.token}` })).rejects.toThrow("401");
    a.ws.close();
    b.ws.close();
    const ctx = await (await import("../auth/auth")).getAuth().$context;
    await ctx.internalAdapter.deleteSession(session.token);
    await expect(connect({ authorization: `Bearer ${token}` })).rejects.toThrow("401");
  });

  it("refuses other paths", async () => {
    const { session } = await signedIn();
    const other = new WebSocket(url.replace("/ws", "/socket"), { headers: { cookie: session.cookie, origin: ORIGIN } });
    const status = await new Promise((r) => other.on("unexpected-response", (_q, res) => r(res.statusCode)));
    expect(status).toBe(404);
  });
});

describe("/ws fan-out", () => {
  it("a notification created in a transaction reaches only its user's sockets, after commit", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const [a1, a2, b] = [await alice.open(), await alice.open(), await bob.open()];

    await getDb().transaction(async (tx) => {
      await notifyUser(tx, {
        userId: alice.user.id,
        type: "order",
        title: "Order ZV-100123 received",
        message: "We have your order.",
        priority: "high",
        link: "/client-dashboard",
      });
      await settle();
      expect(ofType(a1, "notification")).toHaveLength(0); // not before commit
    });
    await until(() => ofType(a1, "notification").length === 1 && ofType(a2, "notification").length === 1);
    expect(ofType(a1, "notification")[0]).toMatchObject({
      notification: { title: "Order ZV-100123 received", priority: "high", link: "/client-dashboard", read: false },
    });
    await settle();
    expect(ofType(b, "notification")).toHaveLength(0);
    expect(ofType(a1, "binary frame")).toHaveLength(0); // browsers would get a Blob
    [a1, a2, b].forEach((c) => c.ws.close());
  });

  it("a rolled-back notification is never sent", async () => {
    const alice = await signedIn();
    const c = await alice.open();
    await expect(
      getDb().transaction(async (tx) => {
        await notifyUser(tx, { userId: alice.user.id, type: "order", title: "Never", message: "rolled back" });
        throw new Error("checkout failed");
      }),
    ).rejects.toThrow("checkout failed");
    await notifyUser(getDb(), { userId: alice.user.id, type: "other", title: "After", message: "committed" });
    await until(() => ofType(c, "notification").length === 1);
    expect(ofType(c, "notification")[0]).toMatchObject({ notification: { title: "After" } });
    c.ws.close();
  });

  it("a broadcast reaches every socket", async () => {
    const clients = await Promise.all([signedIn(), signedIn("staff"), signedIn()].map(async (u) => (await u).open()));
    await publishEvent(getDb(), { userId: null, type: "broadcast_maintenance", payload: { message: "Osogbo station closed" } });
    await until(() => clients.every((c) => ofType(c, "broadcast_maintenance").length === 1));
    expect(ofType(clients[0]!, "broadcast_maintenance")[0]).toEqual({
      type: "broadcast_maintenance",
      payload: { message: "Osogbo station closed" },
    });
    clients.forEach((c) => c.ws.close());
  });

  it("keeps at most the cap of sockets per user, closing the oldest", async () => {
    const alice = await signedIn();
    const first = await alice.open();
    await alice.open();
    await alice.open();
    const fourth = await alice.open();
    expect(await first.closed).toBe(4008);
    expect(realtime.count(alice.user.id)).toBe(3);
    expect(fourth.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe("/ws?channel=public (anonymous pages)", () => {
  it("opens for our own pages without credentials, and is refused from another origin", async () => {
    const c = await connect({ origin: ORIGIN }, "?channel=public");
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    await expect(connect({ origin: "https://evil.example" }, "?channel=public")).rejects.toThrow("403");
    await expect(connect({}, "?channel=public")).rejects.toThrow("403");
    c.ws.close();
  });

  it("receives station availability only: never a user's event, a notification or another broadcast", async () => {
    const alice = await signedIn();
    const a = await alice.open();
    // A public socket opened with a session cookie is still public: it never becomes the user's.
    const pub = await connect({ origin: ORIGIN }, "?channel=public");
    const pubWithCookie = await connect({ origin: ORIGIN, cookie: alice.session.cookie }, "?channel=public");
    await notifyUser(getDb(), { userId: alice.user.id, type: "other", title: "Private", message: "for Alice only" });
    await publishEvent(getDb(), { userId: alice.user.id, type: "cart_updated", payload: { items: 3 } });
    await publishEvent(getDb(), { userId: null, type: "broadcast_maintenance", payload: { message: "staff only" } });
    await publishEvent(getDb(), {
      userId: null,
      type: STATION_EVENT_TYPE,
      payload: { stationId: 1, status: "online", availableSlots: 3, totalSlots: 6 },
    });
    await until(() => ofType(pub, STATION_EVENT_TYPE).length === 1 && ofType(pubWithCookie, STATION_EVENT_TYPE).length === 1);
    await until(() => ofType(a, STATION_EVENT_TYPE).length === 1 && ofType(a, "notification").length === 1);
    await settle();
    for (const c of [pub, pubWithCookie]) {
      expect(c.messages.map((m) => m.type)).toEqual([STATION_EVENT_TYPE]);
      expect(c.messages[0]).toEqual({
        type: STATION_EVENT_TYPE,
        payload: { stationId: 1, status: "online", availableSlots: 3, totalSlots: 6 },
      });
    }
    // Sync events from a public socket go nowhere.
    pub.ws.send(JSON.stringify({ type: "sync_event", event: { id: "p1", type: "user_profile_update", timestamp: Date.now() } }));
    pub.ws.send(JSON.stringify({ type: "heartbeat" }));
    await until(() => ofType(pub, "heartbeat").length === 1);
    expect(ofType(pub, "ack")).toHaveLength(0);
    expect(ofType(a, "sync_event")).toHaveLength(0);
    [a, pub, pubWithCookie].forEach((c) => c.ws.close());
  });
});

describe("/ws inbound messages", () => {
  it("answers heartbeats, relays valid sync events to the user's other sockets, ignores bad ones", async () => {
    const alice = await signedIn();
    const [a, b] = [await alice.open(), await alice.open()];
    const log = watchLog();
    a.ws.send("{not json");
    a.ws.send(JSON.stringify({ type: "sync_event", event: { type: "payment_status", timestamp: Date.now() } })); // no id
    a.ws.send(JSON.stringify({ type: "launch_missiles" }));
    a.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    a.ws.send(JSON.stringify({ type: "heartbeat" }));
    a.ws.send(
      JSON.stringify({
        type: "sync_event",
        event: { id: "e1", type: "user_profile_update", timestamp: new Date().toISOString(), data: { name: "Ada" } },
      }),
    );
    await until(() => ofType(a, "ack").length === 1 && ofType(b, "sync_event").length === 1);
    expect(ofType(a, "heartbeat")).toHaveLength(1);
    expect(ofType(a, "ack")[0]).toEqual({ type: "ack", id: "e1", seq: expect.any(Number) });
    expect(ofType(b, "sync_event")[0]).toMatchObject({ seq: ofType(a, "ack")[0]!.seq, event: { id: "e1", type: "user_profile_update" } });
    expect(ofType(a, "sync_event")).toHaveLength(0);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    log.expectLogged("realtime: message ignored", { userId: alice.user.id, reason: "not JSON" });
    log.expectLogged("realtime: message ignored", { userId: alice.user.id, reason: "sync event without id, type or timestamp" });
    a.ws.close();
    b.ws.close();
  });

  it("keeps sync events, so a device back online gets what it missed, once each, in order", async () => {
    const bola = await signedIn();
    const phone = await bola.open();
    const laptop = await bola.open();
    const event = (id: string) => JSON.stringify({ type: "sync_event", event: { id, type: "mobile_sync", timestamp: Date.now() } });
    phone.ws.send(event("s1"));
    await until(() => ofType(laptop, "sync_event").length === 1);
    const lastSeen = ofType(laptop, "sync_event")[0]!.seq as number;
    laptop.ws.close();
    await laptop.closed;
    phone.ws.send(event("s2"));
    phone.ws.send(event("s3"));
    phone.ws.send(event("s2")); // sent again (a retry): kept once
    await until(() => ofType(phone, "ack").length === 4);
    expect(
      new Set(
        ofType(phone, "ack")
          .slice(1)
          .map((a) => a.seq),
      ).size,
    ).toBe(2);

    const back = await bola.open();
    back.ws.send(JSON.stringify({ type: "resume", lastSeq: lastSeen }));
    await until(() => ofType(back, "resumed").length === 1);
    expect(ofType(back, "sync_event").map((m) => (m.event as { id: string }).id)).toEqual(["s2", "s3"]);
    expect(ofType(back, "resumed")[0]).toMatchObject({ count: 2 });
    // Another person's device gets none of it.
    const other = await (await signedIn()).open();
    other.ws.send(JSON.stringify({ type: "resume", lastSeq: 0 }));
    await until(() => ofType(other, "resumed").length === 1);
    expect(ofType(other, "sync_event")).toHaveLength(0);
    for (const c of [phone, back, other]) c.ws.close();
  });

  it("closes a socket that sends nothing but junk", async () => {
    const junk = await signedIn();
    const c = await junk.open();
    const log = watchLog();
    for (let i = 0; i < 25; i++) c.ws.send("junk");
    expect(await c.closed).toBe(1008);
    log.expectLogged("realtime: message ignored", { userId: junk.user.id, reason: "not JSON" });
  });
});
