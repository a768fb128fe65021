// The browser's end of /ws (docs/product/notifications-and-reminders.md#live-updates): reconnects with doubling back-off
// (1, 2, 4, 8, 16 s, five tries, then "failed" until retry()), heartbeats every 30 s, and queues what is
// sent while the link is down. No zod here: this ships to the browser; the server validates.

export type TLinkStatus = "connecting" | "open" | "reconnecting" | "failed";
export type TInboundMessage = { type: string; [key: string]: unknown };
/** A sync event (docs/product/notifications-and-reminders.md#live-updates). */
export type TSyncEvent = { id: string; type: string; timestamp: number | string; data?: unknown; priority?: "high" | "medium" };

export const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000];
export const HEARTBEAT_MS = 30_000;
/** No message (not even a heartbeat answer) for this long: the link is dead even if the socket says open. */
const SILENCE_MS = 2 * HEARTBEAT_MS + 5_000;
const MAX_QUEUE = 100;
/** The server closed this socket because the user opened more tabs than it keeps: do not fight over it. */
const CLOSE_TOO_MANY = 4008;

export type TLinkOptions = {
  url: string;
  onMessage(message: TInboundMessage): void;
  onStatus(status: TLinkStatus): void;
  /** After every (re)connect: the place to fetch what arrived while the link was down. */
  onOpen?(): void;
  WebSocketImpl?: typeof WebSocket;
  /** For tests; reconnects wait while document.hidden. */
  doc?: Pick<Document, "hidden" | "addEventListener" | "removeEventListener">;
};

export type TRealtimeLink = { send(event: TSyncEvent): void; retry(): void; close(): void; readonly queued: number };

export function wsUrl(loc: Pick<Location, "protocol" | "host"> = location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}

/** The anonymous socket of public pages: it only ever receives public events (the ZavCharge network's availability). */
export function publicWsUrl(loc: Pick<Location, "protocol" | "host"> = location): string {
  return `${wsUrl(loc)}?channel=public`;
}

export function createRealtimeLink(opts: TLinkOptions): TRealtimeLink {
  const Impl = opts.WebSocketImpl ?? WebSocket;
  const doc = opts.doc ?? (typeof document === "undefined" ? undefined : document);
  let ws: WebSocket | undefined;
  let attempts = 0;
  let stopped = false;
  let lastHeard = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  const queue: TSyncEvent[] = [];

  const status = (s: TLinkStatus) => opts.onStatus(s);

  const trySend = (payload: unknown): boolean => {
    if (!ws || ws.readyState !== Impl.OPEN) return false;
    try {
      ws.send(JSON.stringify(payload));
      return true;
    } catch {
      return false;
    }
  };

  /** A failed high-priority event stops the flush and stays queued, others are dropped (docs/product/notifications-and-reminders.md). */
  const flush = () => {
    while (queue.length) {
      const event = queue[0]!;
      if (trySend({ type: "sync_event", event })) queue.shift();
      else if (event.priority === "high") return;
      else queue.shift();
    }
  };

  const onVisible = () => {
    if (doc?.hidden) return;
    doc?.removeEventListener("visibilitychange", onVisible);
    connect();
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    if (attempts >= BACKOFF_MS.length) return status("failed");
    status("reconnecting");
    reconnectTimer = setTimeout(() => {
      attempts++;
      // A hidden tab does not need live updates: wait until it is looked at again.
      if (doc?.hidden) doc.addEventListener("visibilitychange", onVisible);
      else connect();
    }, BACKOFF_MS[attempts]);
  };

  const dropSocket = () => {
    clearInterval(heartbeatTimer);
    if (!ws) return;
    ws.onopen = ws.onclose = ws.onmessage = ws.onerror = null;
    if (ws.readyState === Impl.OPEN || ws.readyState === Impl.CONNECTING) ws.close();
    ws = undefined;
  };

  function connect() {
    if (stopped) return;
    dropSocket();
    status(attempts === 0 ? "connecting" : "reconnecting");
    const socket = new Impl(opts.url);
    ws = socket;
    socket.onopen = () => {
      attempts = 0;
      lastHeard = Date.now();
      status("open");
      flush();
      opts.onOpen?.();
      heartbeatTimer = setInterval(() => {
        if (Date.now() - lastHeard > SILENCE_MS) {
          dropSocket();
          return scheduleReconnect();
        }
        trySend({ type: "heartbeat" });
      }, HEARTBEAT_MS);
    };
    socket.onmessage = (e) => {
      lastHeard = Date.now();
      let message: unknown;
      try {
        message = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (message && typeof message === "object" && typeof (message as TInboundMessage).type === "string")
        opts.onMessage(message as TInboundMessage);
    };
    socket.onclose = (e) => {
      dropSocket();
      if (e.code === CLOSE_TOO_MANY) return status("failed");
      scheduleReconnect();
    };
  }

  connect();
  return {
    send(event) {
      if (queue.length === 0 && trySend({ type: "sync_event", event })) return;
      if (queue.length >= MAX_QUEUE) {
        const droppable = queue.findIndex((q) => q.priority !== "high");
        queue.splice(droppable === -1 ? 0 : droppable, 1);
      }
      queue.push(event); // flushed on the next open (or now, behind a high-priority event that failed)
      if (ws?.readyState === Impl.OPEN) flush();
    },
    retry() {
      clearTimeout(reconnectTimer);
      doc?.removeEventListener("visibilitychange", onVisible);
      attempts = 0;
      connect();
    },
    close() {
      stopped = true;
      clearTimeout(reconnectTimer);
      doc?.removeEventListener("visibilitychange", onVisible);
      dropSocket();
    },
    get queued() {
      return queue.length;
    },
  };
}
