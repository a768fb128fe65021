import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { DbHandle } from "../db/client";
import { log } from "../log";
import { findSyncEvent, recordSyncEvent, SYNC_EVENT_TYPE, syncEventsSince } from "../gateway/sync-events";
import { getNotificationView } from "../notifications/get-notification-view";
import { authenticateUpgrade } from "./authenticate-upgrade";
import { parseInbound } from "./inbound";
import { EVENTS_CHANNEL, type TRealtimeEvent } from "./publish";
import { STATION_EVENT_TYPE } from "@domain/zavcharge/network/network-rules";
import { readAtScrape } from "../metrics/registry";

// /ws (docs/product/notifications-and-reminders.md). Each instance keeps its own sockets and LISTENs on the events channel:
// an event published in a committed transaction reaches the sockets of its user on every instance
// (or every socket, for userId null).

export const WS_PATH = "/ws";
/** Heartbeat every 30 s (docs/product/notifications-and-reminders.md): a socket that missed the last ping is dropped at the next. */
const HEARTBEAT_MS = 30_000;
/** Tabs and devices one user may keep open; the oldest gives way to a new one. */
const MAX_SOCKETS_PER_USER = 10;
/** Messages that failed validation before the socket is closed (a client that only sends junk). */
const MAX_BAD_MESSAGES = 20;
export const CLOSE_TOO_MANY = 4008;
/** Anonymous sockets (`/ws?channel=public`) one instance keeps; past it, new ones are refused (503). */
const MAX_PUBLIC_SOCKETS = 5000;
/**
 * The only events a public socket ever receives: broadcasts (userId null) of these types, whose payloads are
 * public facts (docs/product/zavcharge.md#stations-and-slots). Never a user's event, never another broadcast.
 */
export const PUBLIC_EVENT_TYPES: ReadonlySet<string> = new Set([STATION_EVENT_TYPE]);

/** userId null: a public socket. `id` names it to the events it sent itself (they are not sent back to it). */
type TSocket = WebSocket & { id: string; userId: string | null; alive: boolean; bad: number; pending: Promise<void> };

export type TRealtimeOptions = { maxSocketsPerUser?: number; heartbeatMs?: number; maxPublicSockets?: number };

export type TRealtimeServer = {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** How many sockets are open (all, or one user's). */
  count(userId?: string): number;
  close(): Promise<void>;
};

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

// Every realtime server of this process (one, but tests start several), for the metrics' count of open sockets; on
// globalThis, as the metrics registry is (server/metrics/registry.ts).
const SOCKET_COUNTS = Symbol.for("zavolah.realtime-socket-counts");
const liveSocketCounts: Set<() => number> = ((globalThis as { [SOCKET_COUNTS]?: Set<() => number> })[SOCKET_COUNTS] ??= new Set());

export async function createRealtimeServer(db: DbHandle, options: TRealtimeOptions = {}): Promise<TRealtimeServer> {
  const maxPerUser = options.maxSocketsPerUser ?? MAX_SOCKETS_PER_USER;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, clientTracking: false });
  const byUser = new Map<string, Set<TSocket>>();
  const publicSockets = new Set<TSocket>();
  const maxPublic = options.maxPublicSockets ?? MAX_PUBLIC_SOCKETS;
  let total = 0;
  const socketCount = () => total;
  liveSocketCounts.add(socketCount);
  readAtScrape("websocket_clients", () => [{ labels: {}, value: [...liveSocketCounts].reduce((sum, count) => sum + count(), 0) }]);

  const send = (ws: WebSocket, data: string | Buffer) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(data, { binary: false }); // a text frame, even from a Buffer
  };
  const sendToUser = (userId: string, data: string) => {
    const set = byUser.get(userId);
    if (!set) return;
    const frame = Buffer.from(data); // encoded once for all the user's sockets
    for (const ws of set) send(ws, frame);
  };
  /** Every signed-in socket; public ones too only for a whitelisted type (or a resync, which carries nothing). */
  const sendToAll = (data: string, type: string) => {
    const frame = Buffer.from(data);
    for (const set of byUser.values()) for (const ws of set) send(ws, frame);
    if (type === "resync" || PUBLIC_EVENT_TYPES.has(type)) for (const ws of publicSockets) send(ws, frame);
  };

  const syncDeliveries = new Map<string, Promise<void>>();
  const deliverSyncEvent = async (userId: string, payload: Record<string, unknown>) => {
    const sockets = byUser.get(userId);
    const found = sockets ? await findSyncEvent(userId, Number(payload.seq)) : null;
    if (!found) return;
    const { seq, ...rest } = found;
    const frame = Buffer.from(JSON.stringify({ type: "sync_event", seq, event: rest }));
    for (const ws of byUser.get(userId) ?? []) if (ws.id !== payload.origin) send(ws, frame);
  };

  const deliver = async (event: TRealtimeEvent) => {
    if (event.type === SYNC_EVENT_TYPE && event.userId) {
      if (!byUser.has(event.userId)) return; // none of this user's sockets are here
      // One after another per person, so their devices get the events in the order they were kept.
      const userId = event.userId;
      const next = (syncDeliveries.get(userId) ?? Promise.resolve())
        .then(() => deliverSyncEvent(userId, event.payload))
        .catch((err: unknown) => log.warn({ err, userId }, "realtime: sync event delivery failed"));
      syncDeliveries.set(userId, next);
      await next;
      if (syncDeliveries.get(userId) === next) syncDeliveries.delete(userId);
      return;
    }
    if (event.type === "notification") {
      if (event.userId && !byUser.has(event.userId)) return; // none of this user's sockets are here
      const found = await getNotificationView(Number(event.payload.id));
      if (!found || (event.userId && found.userId !== event.userId)) return;
      return sendToUser(found.userId, JSON.stringify({ type: "notification", notification: found.view }));
    }
    const data = JSON.stringify({ type: event.type, payload: event.payload });
    if (event.userId === null) sendToAll(data, event.type);
    else sendToUser(event.userId, data);
  };

  const onPayload = (raw: string) => {
    let event: TRealtimeEvent;
    try {
      event = JSON.parse(raw) as TRealtimeEvent;
    } catch {
      return log.warn({ raw: raw.slice(0, 200) }, "realtime: unreadable event");
    }
    deliver(event).catch((err) => log.warn({ err, type: event.type }, "realtime: delivery failed"));
  };
  // After the LISTEN connection came back, events of the gap are lost: clients fetch what they missed.
  const onReconnect = () => sendToAll(JSON.stringify({ type: "resync" }), "resync");
  const unlisten = await db.listen(EVENTS_CHANNEL, onPayload, onReconnect);

  const register = (ws: TSocket) => {
    if (ws.userId === null) {
      publicSockets.add(ws);
      total++;
      return;
    }
    let set = byUser.get(ws.userId);
    if (!set) byUser.set(ws.userId, (set = new Set()));
    if (set.size >= maxPerUser) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      total--;
      oldest.close(CLOSE_TOO_MANY, "Too many connections");
    }
    set.add(ws);
    total++;
  };
  const unregister = (ws: TSocket) => {
    if (ws.userId === null) {
      if (publicSockets.delete(ws)) total--;
      return;
    }
    const set = byUser.get(ws.userId);
    if (!set?.delete(ws)) return;
    total--;
    if (set.size === 0) byUser.delete(ws.userId);
  };

  const onMessage = (ws: TSocket, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    ws.alive = true;
    const parsed = isBinary ? ({ ok: false, reason: "binary" } as const) : parseInbound(data.toString());
    if (!parsed.ok) {
      if (++ws.bad <= 3) log.warn({ userId: ws.userId, reason: parsed.reason }, "realtime: message ignored");
      if (ws.bad > MAX_BAD_MESSAGES) ws.close(1008, "Too many invalid messages");
      return;
    }
    const message = parsed.message;
    if (message.type === "heartbeat") return send(ws, JSON.stringify({ type: "heartbeat", timestamp: Date.now() }));
    if (message.type === "sync_event" && ws.userId !== null) {
      // Kept, then sent to the person's other sockets on every instance once committed; acknowledged with its seq.
      // One at a time per socket, so the seqs follow the order the device sent them in.
      const userId = ws.userId;
      ws.pending = ws.pending.then(() =>
        recordSyncEvent(userId, message.event, ws.id).then(
          ({ seq }) => send(ws, JSON.stringify({ type: "ack", id: message.event.id, seq })),
          (err) => log.warn({ err, userId }, "realtime: sync event not kept"),
        ),
      );
    }
    if (message.type === "resume" && ws.userId !== null) {
      // A device back online: what it missed since the last seq it saw (docs/product/api-gateway.md#sync-events).
      const userId = ws.userId;
      syncEventsSince(userId, message.lastSeq).then(
        (missed) => {
          for (const { seq, ...event } of missed) send(ws, JSON.stringify({ type: "sync_event", seq, event }));
          send(ws, JSON.stringify({ type: "resumed", lastSeq: missed.at(-1)?.seq ?? message.lastSeq, count: missed.length }));
        },
        (err) => log.warn({ err, userId }, "realtime: catch-up failed"),
      );
    }
  };

  const heartbeat = setInterval(() => {
    for (const set of [...byUser.values(), publicSockets]) {
      for (const ws of set) {
        if (!ws.alive) {
          ws.terminate();
          continue;
        }
        ws.alive = false;
        ws.ping();
      }
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    handleUpgrade(req, socket, head) {
      socket.on("error", () => socket.destroy());
      if (new URL(req.url ?? "/", "http://x").pathname !== WS_PATH) return refuse(socket, 404, "Not Found");
      authenticateUpgrade(req).then(
        (auth) => {
          if (!auth.ok) return refuse(socket, auth.status, auth.status === 401 ? "Unauthorized" : "Forbidden");
          if (auth.userId === null && publicSockets.size >= maxPublic) return refuse(socket, 503, "Service Unavailable");
          wss.handleUpgrade(req, socket, head, (raw) => {
            const ws = Object.assign(raw, {
              id: randomUUID(),
              userId: auth.userId,
              alive: true,
              bad: 0,
              pending: Promise.resolve(),
            }) as TSocket;
            register(ws);
            ws.on("pong", () => (ws.alive = true));
            ws.on("message", (data, isBinary) => onMessage(ws, data, isBinary));
            ws.on("close", () => unregister(ws));
            ws.on("error", () => ws.terminate());
          });
        },
        (err) => {
          log.error({ err }, "realtime: upgrade failed");
          refuse(socket, 500, "Internal Server Error");
        },
      );
    },
    count: (userId) => (userId ? (byUser.get(userId)?.size ?? 0) : total),
    async close() {
      liveSocketCounts.delete(socketCount);
      clearInterval(heartbeat);
      await unlisten();
      for (const set of [...byUser.values(), publicSockets]) for (const ws of set) ws.close(1012, "Service restart");
      byUser.clear();
      publicSockets.clear();
      total = 0;
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Serves /ws on an HTTP server (server/main.ts); other upgrade requests are refused. */
export async function attachRealtime(server: Server, db: DbHandle, options?: TRealtimeOptions): Promise<TRealtimeServer> {
  const realtime = await createRealtimeServer(db, options);
  server.on("upgrade", (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  return realtime;
}
