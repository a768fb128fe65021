import { log } from "../log";

// Whether PostgreSQL can be reached (docs/operations.md#health-and-shutdown). A query that fails because the
// connection is refused, cut or timed out marks it down; from then on pages that need it are answered with a short
// "back in a moment" page (503, server/http/site-server.ts) instead of an error each, while a probe asks every second
// and marks it up again once it answers. Nothing is half-written: every write is one transaction, which the database
// rolled back when the connection went.

const KEY = Symbol.for("zavolah.db-availability");
type TState = { down: boolean; probe?: () => Promise<unknown>; timer?: NodeJS.Timeout };

function state(): TState {
  const g = globalThis as { [KEY]?: TState };
  return (g[KEY] ??= { down: false });
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or shutting down)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether an error (or its cause) says the database could not be reached, rather than refusing a statement. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** The database client's way to say how it would check the database (a `select 1`). */
export function setAvailabilityProbe(probe: (() => Promise<unknown>) | undefined): void {
  const s = state();
  s.probe = probe;
  if (!probe) {
    clearTimeout(s.timer);
    s.down = false;
  }
}

/** A query failed: if the database is unreachable, it is marked down until the probe gets an answer. */
export function noteQueryFailure(error: unknown): void {
  const s = state();
  if (s.down || !isDatabaseUnreachable(error)) return;
  s.down = true;
  log.error({ err: error instanceof Error ? error.message : String(error) }, "database unreachable: pages answer 503 until it is back");
  const check = () => {
    s.timer = setTimeout(() => {
      if (!s.probe) return;
      s.probe().then(() => {
        s.down = false;
        log.info("database reachable again");
      }, check);
    }, 1000);
    s.timer.unref();
  };
  check();
}

/** True while the database is known to be unreachable. */
export function databaseIsDown(): boolean {
  return state().down;
}
