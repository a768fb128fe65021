import type { TSyncEventIn } from "./api-types";
import { ZavolahApiError, type TZavolahClient } from "./client";

// The app's queue of sync events (docs/product/api-gateway.md#the-typed-client): an event
// made while no link is up waits here, kept in the app's storage so a closed app loses nothing, and is sent in order
// when the link is back. The server keeps an event once by its id, so sending one again is harmless.
// When a batch cannot be sent (no network, a time-out, a 5xx): if it holds a high-priority event the flush stops and
// everything stays queued for the next connect; a batch of medium-priority events only is given up (logged): they
// are not worth a stale replay. A batch the server refuses (4xx) can never succeed, so it is given up, logged, whatever its priority.

/** Where the queue is kept between app launches (the app's storage; memory in tests). */
export type TQueueStore = { load(): TSyncEventIn[] | Promise<TSyncEventIn[]>; save(events: TSyncEventIn[]): void | Promise<void> };

export const memoryQueueStore = (): TQueueStore => {
  let kept: TSyncEventIn[] = [];
  return {
    load: () => kept,
    save: (events) => {
      kept = [...events];
    },
  };
};

/** The most events one request carries (the server takes 50). */
const BATCH = 50;

const newEventId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function createSyncQueue(client: TZavolahClient, options: { store?: TQueueStore; source?: string } = {}) {
  const store = options.store ?? memoryQueueStore();
  let online = false;
  let flushing: Promise<{ sent: number; kept: number }> | null = null;

  async function flushNow(): Promise<{ sent: number; kept: number }> {
    let queue = await store.load();
    let sent = 0;
    while (queue.length > 0 && online) {
      const batch = queue.slice(0, BATCH);
      try {
        await client.call("sendSyncEvents", { body: { events: batch } });
        sent += batch.length;
      } catch (error) {
        const refused = error instanceof ZavolahApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
        if (!refused && batch.some((e) => e.priority === "high")) return { sent, kept: queue.length }; // stop; keep it all
        console.warn(refused ? "sync events refused, given up" : "sync events could not be sent, given up", error);
      }
      queue = queue.slice(batch.length);
      await store.save(queue);
    }
    return { sent, kept: queue.length };
  }

  /** Sends what is queued, in order; one flush at a time. */
  function flush() {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    /** Queues an event (with a fresh id and the time now) and sends it at once when the link is up. */
    async emit(type: string, data: unknown, more: { priority?: "high" | "medium"; targetPlatforms?: string[] } = {}) {
      const event: TSyncEventIn = {
        id: newEventId(),
        type,
        timestamp: new Date().toISOString(),
        data,
        ...(options.source ? { source: options.source } : {}),
        ...more,
      };
      await store.save([...(await store.load()), event]);
      if (online) await flush();
      return event;
    },
    /** The link came up (flushes the queue) or went down (events wait). */
    async setOnline(up: boolean) {
      online = up;
      return up ? flush() : { sent: 0, kept: (await store.load()).length };
    },
    flush,
    /** What is waiting, oldest first. */
    pending: async () => [...(await store.load())],
  };
}
