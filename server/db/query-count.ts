import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

// How many statements one request sends to the database (docs/performance.md#queries-per-request): the site server
// counts each request's with SERVER_TIMING=1 and says so in a Server-Timing header, which the journeys hold to a budget.

type TCount = { queries: number };

// On globalThis, like the database handle: the server bundle and server/main.ts each hold a copy of this module.
const KEY = Symbol.for("zavolah.query-count");
function storage(): AsyncLocalStorage<TCount> {
  const g = globalThis as { [KEY]?: AsyncLocalStorage<TCount> };
  return (g[KEY] ??= new AsyncLocalStorage<TCount>());
}

/** Drizzle's logger hook: counts the statement against the request it runs for, if one is being counted. */
export const queryCounter: Logger = {
  logQuery() {
    const count = storage().getStore();
    if (count) count.queries += 1;
  },
};

/** Runs fn (a request's handling) with its own count; `read` gives the statements so far. */
export function countQueries<T>(fn: (read: () => number) => T): T {
  const count: TCount = { queries: 0 };
  return storage().run(count, () => fn(() => count.queries));
}
