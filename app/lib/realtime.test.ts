import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRealtimeLink, type TLinkStatus } from "./realtime";

// The link's timing and queue rules against a scripted socket (the real /ws is in server/realtime tests).

class ScriptedSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: ScriptedSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  failSends = false;
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    ScriptedSocket.all.push(this);
  }
  send(data: string) {
    if (this.failSends) throw new Error("send failed");
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
const latest = () => ScriptedSocket.all.at(-1)!;

let statuses: TLinkStatus[];
const start = () =>
  createRealtimeLink({
    url: "ws://x/ws",
    onMessage: () => {},
    onStatus: (s) => statuses.push(s),
    WebSocketImpl: ScriptedSocket as unknown as typeof WebSocket,
    doc: { hidden: false, addEventListener() {}, removeEventListener() {} },
  });

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedSocket.all = [];
  statuses = [];
});
afterEach(() => vi.useRealTimers());

describe("realtime link", () => {
  it("reconnects after 1, 2, 4, 8 and 16 s, then reports failure until retried", () => {
    const link = start();
    latest().drop();
    for (const wait of [1000, 2000, 4000, 8000, 16000]) {
      const before = ScriptedSocket.all.length;
      vi.advanceTimersByTime(wait - 1);
      expect(ScriptedSocket.all.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(ScriptedSocket.all.length).toBe(before + 1);
      latest().drop();
    }
    expect(statuses.at(-1)).toBe("failed");
    vi.advanceTimersByTime(60_000);
    expect(ScriptedSocket.all).toHaveLength(6);
    link.retry();
    latest().open();
    expect(statuses.at(-1)).toBe("open");
  });

  it("queues events while down and flushes them on connect; a failed high-priority event stops the flush and stays", () => {
    const link = start();
    link.send({ id: "a", type: "mobile_sync", timestamp: 1 });
    link.send({ id: "b", type: "payment_status", timestamp: 2, priority: "high" });
    link.send({ id: "c", type: "mobile_sync", timestamp: 3 });
    expect(link.queued).toBe(3);
    latest().failSends = true;
    latest().open();
    expect(link.queued).toBe(2); // "a" failed and was dropped; "b" failed and kept "c" behind it
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(link.queued).toBe(0);
    expect(latest().sent).toEqual([
      { type: "sync_event", event: { id: "b", type: "payment_status", timestamp: 2, priority: "high" } },
      { type: "sync_event", event: { id: "c", type: "mobile_sync", timestamp: 3 } },
    ]);
  });

  it("sends a heartbeat every 30 s and treats a silent link as dead", () => {
    start();
    latest().open();
    vi.advanceTimersByTime(30_000);
    expect(latest().sent).toEqual([{ type: "heartbeat" }]);
    vi.advanceTimersByTime(30_000);
    expect(statuses.at(-1)).toBe("open"); // 60 s of silence: still trusted
    vi.advanceTimersByTime(30_000); // 90 s without a word from the server
    expect(statuses.at(-1)).toBe("reconnecting");
  });
});
