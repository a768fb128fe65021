import { Redis } from "ioredis";
import { log } from "../log";

// Redis, when REDIS_URL is set (docs/operations.md#several-instances): the instances' shared fast counters (rate limits).
// Optional by design: without it, or while it is unreachable, those counters live in the database.
// Kept on globalThis: the page bundle (where use cases run) and server/main.ts are separate module graphs.

const KEY = Symbol.for("zavolah.redis");
type TShared = { client: Redis; keyPrefix: string };
type THolder = { [KEY]?: TShared };

export function sharedRedis(): TShared | undefined {
  return (globalThis as THolder)[KEY];
}

export function setSharedRedis(shared: TShared | undefined): void {
  (globalThis as THolder)[KEY] = shared;
}

/**
 * Connects to Redis for this process. Commands fail at once while it is unreachable (no offline queue: a sign-in
 * must not wait for Redis to come back), and it reconnects by itself; an outage and the recovery are logged once each.
 */
export function openRedis(url: string, keyPrefix: string): TShared {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message, redis: new URL(url).host }, "Redis unreachable: rate limits count in the database until it is back");
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log.info({ redis: new URL(url).host }, "Redis is back: rate limits count there again");
  });
  return { client, keyPrefix };
}
