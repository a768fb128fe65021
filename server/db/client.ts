import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { queryCounter } from "./query-count";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: every use case that takes one also works with the plain db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Cheap round trip used by /health. */
  ping(): Promise<void>;
  /** Runs fn while holding a cross-process lock (PostgreSQL advisory lock; PGlite has one process). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a NOTIFY channel (server/realtime). PostgreSQL: a dedicated connection that reconnects;
   * onReconnect runs after a gap, when notifications may have been missed. Resolves to an unlisten function.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which the tests load as their migrated template. */
  dumpDataDir?(): Promise<Blob>;
}

// One handle per process, kept on globalThis so the server bundle and server/main.ts share it
// (two PGlite instances on one folder lose data silently).
const KEY = Symbol.for("zavolah.db");
type Holder = { [KEY]?: DbHandle };

export function setDbHandle(handle: DbHandle | undefined) {
  (globalThis as Holder)[KEY] = handle;
}

export function getDbHandle(): DbHandle {
  const handle = (globalThis as Holder)[KEY];
  if (!handle) throw new Error("Database not opened: call openDatabase() at start-up");
  return handle;
}

export function getDb(): Db {
  return getDbHandle().db;
}

type TQuerying = { query: (...args: unknown[]) => unknown };

/**
 * Times every statement a client sends, for db_statement_duration_seconds (docs/operations.md#monitoring): promise
 * calls (Drizzle's, PGlite's) and pg's callback calls (pg-pool's own query).
 */
function timeStatements(client: TQuerying, record: (seconds: number) => void): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const started = performance.now();
    const done = () => record((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    // The caller handles its own failure; this branch only times it.
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let client;
  let unlock = () => {};
  if (dataDir) {
    const { mkdirSync } = await import("node:fs");
    const { lockDataFolder } = await import("./data-folder-lock");
    mkdirSync(dataDir, { recursive: true });
    // One process per folder: a second one is refused here, before PGlite touches the files (./data-folder-lock.ts).
    unlock = lockDataFolder(dataDir);
    client = new PGlite(`${dataDir}/pglite`);
  } else {
    // In memory; from a dumped data folder when given (the tests' migrated template), which skips initdb.
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined);
  }
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  // Imported here, not at the top: see openPostgres.
  const { recordStatement } = await import("../metrics/registry");
  const recordPglite = (seconds: number) => recordStatement("pglite", seconds);
  timeStatements(client as unknown as TQuerying, recordPglite);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: TQuerying) => Promise<unknown>) =>
    transaction((tx) => {
      timeStatements(tx as unknown as TQuerying, recordPglite);
      return fn(tx as unknown as TQuerying);
    })) as typeof client.transaction;
  const db = drizzle({ client, schema, logger: queryCounter }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    dumpDataDir: () => client.dumpDataDir("none"),
    ping: async () => void (await client.query("select 1")),
    exclusive: (fn) => fn(),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

type TPoolFigures = { totalCount: number; idleCount: number; waitingCount: number };

/** This process's PostgreSQL pools (one; tests open several), on globalThis like the handle, for the metrics. */
function openPools(): Set<TPoolFigures> {
  const key = Symbol.for("zavolah.postgres-pools");
  const g = globalThis as { [key]?: Set<TPoolFigures> };
  return (g[key] ??= new Set());
}

export async function openPostgres(url: string): Promise<DbHandle> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { noteQueryFailure, setAvailabilityProbe } = await import("./availability");
  // Imported here, as pg is: pages that read a server module's constant bring this file into the browser bundle, and
  // prom-client must not come with it.
  const { readAtScrape, recordStatement } = await import("../metrics/registry");
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    // Run on each new connection before it is handed out (pg-pool's onConnect hook, awaited).
    onConnect: async (client) => {
      // A connection taken from the pool (a transaction, the advisory lock) that drops raises an 'error' event: the
      // pool listens only while a client is idle, and an unheard 'error' ends the process. The statement in flight
      // fails on its own.
      client.on("error", noteQueryFailure);
      // Every statement of the pool goes through one of its connections (pool.query too).
      timeStatements(client as unknown as TQuerying, (seconds) => recordStatement("postgres", seconds));
      // A transaction whose instance vanished without closing its connection (a machine lost, a network cut) would
      // hold its row locks until TCP gave up, hours later: PostgreSQL ends a session idle in a transaction after a
      // minute. None of ours waits that long between two statements. A SET rather than a startup option: poolers
      // such as PgBouncer refuse unknown startup options.
      await client.query(`set idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_TIMEOUT_MS}`);
    },
  });
  // A dropped idle connection must not crash the process; /ready reports it.
  pool.on("error", (err) => noteQueryFailure(err));
  openPools().add(pool);
  // The pools' connections in use and idle, and the queries waiting for one (docs/operations.md#monitoring).
  readAtScrape("db_pool_connections", () => {
    const pools = [...openPools()];
    return [
      { labels: { state: "in_use" }, value: pools.reduce((n, p) => n + p.totalCount - p.idleCount, 0) },
      { labels: { state: "idle" }, value: pools.reduce((n, p) => n + p.idleCount, 0) },
    ];
  });
  readAtScrape("db_pool_waiting_queries", () => [{ labels: {}, value: [...openPools()].reduce((n, p) => n + p.waitingCount, 0) }]);
  // Every query and every transaction's connection goes through these two: a failure to reach the database is noted
  // (./availability.ts), and the pages answer 503 until it is back.
  const noting =
    (call: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const result = call(...args);
      if (result instanceof Promise) result.catch(noteQueryFailure);
      return result;
    };
  pool.query = noting(pool.query.bind(pool) as (...args: unknown[]) => unknown) as typeof pool.query;
  pool.connect = noting(pool.connect.bind(pool) as (...args: unknown[]) => unknown) as typeof pool.connect;
  setAvailabilityProbe(() => pool.query("select 1"));
  const listeners = new Set<() => Promise<void>>();
  const db = drizzle({ client: pool, schema, logger: queryCounter }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => void (await pool.query("select 1")),
    exclusive: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock(7201)");
        return await fn();
      } finally {
        await conn.query("select pg_advisory_unlock(7201)").catch(() => {});
        conn.release();
      }
    },
    listen: async (channel, onPayload, onReconnect) => {
      const { listenPostgres } = await import("./listen-postgres");
      const unlisten = await listenPostgres(url, channel, onPayload, onReconnect);
      listeners.add(unlisten);
      return async () => {
        listeners.delete(unlisten);
        await unlisten();
      };
    },
    close: async () => {
      setAvailabilityProbe(undefined);
      // A LISTEN left open would keep reconnecting to a database nobody uses any more (a test's, once dropped).
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      listeners.clear();
      openPools().delete(pool);
      await pool.end();
    },
  };
}
