import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTcpGate, throughGate } from "../../tests/support/tcp-gate";
import { answerUnavailable } from "../http/unavailable";
import { databaseIsDown, isDatabaseUnreachable } from "./availability";
import { openPostgres, type DbHandle } from "./client";
import { waitForDatabase } from "./open-database";

// While PostgreSQL is away, pages answer a short 503 (server/http/unavailable.ts) instead of an error each, and the
// site notices by itself when it is back (docs/operations.md#health-and-shutdown). A TCP gate plays the outage.

const DATABASE_URL = process.env.DATABASE_URL;
let handle: DbHandle | undefined;
let gate: Awaited<ReturnType<typeof createTcpGate>> | undefined;
afterAll(async () => {
  await handle?.close();
  await gate?.close();
});

describe("the database's availability", () => {
  it("tells a refused or cut connection from a statement the database refused", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query", { cause: Object.assign(new Error("terminating"), { code: "57P01" }) }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Check the form"))).toBe(false);
  });

  it("a visitor gets a 503 page that says to try again, or JSON when a script asked", async () => {
    const server = createServer((req, res) => answerUnavailable(req, res, { reason: "database" }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const page = await fetch(`${base}/store`);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("15");
      const html = await page.text();
      expect(html).toContain("<h1>Back in a moment</h1>");
      expect(html).toContain("Nothing you paid for or saved is lost.");
      const data = await fetch(`${base}/store.data`, { headers: { accept: "application/json" } });
      expect(data.status).toBe(503);
      expect(await data.json()).toMatchObject({ code: "unavailable" });
    } finally {
      server.close();
    }
  });

  it(`is marked down when PostgreSQL cannot be reached, and up again once it answers (${DATABASE_URL ? "running" : "needs PostgreSQL: CI's PostgreSQL pass runs it"})`, async (ctx) => {
    if (!DATABASE_URL) return ctx.skip();
    const target = new URL(DATABASE_URL);
    gate = await createTcpGate({ host: target.hostname, port: Number(target.port || 5432) });
    await gate.open();
    handle = await openPostgres(throughGate(DATABASE_URL, gate.port));
    await handle.ping();
    expect(databaseIsDown()).toBe(false);

    await gate.close();
    await expect(handle.ping()).rejects.toThrow();
    expect(databaseIsDown()).toBe(true);

    await gate.open();
    await expect.poll(databaseIsDown, { timeout: 5000 }).toBe(false);
    await handle.ping();
  });

  it(`a connection cut in the middle of a transaction fails that transaction, and the process goes on (${DATABASE_URL ? "running" : "needs PostgreSQL: CI's PostgreSQL pass runs it"})`, async (ctx) => {
    if (!DATABASE_URL) return ctx.skip();
    // A connection taken from the pool for a transaction has no pool listener: its socket dropping (a restart, a
    // failover) raised an 'error' event nobody handled, and Node ended the whole process.
    const target = new URL(DATABASE_URL);
    const cut = await createTcpGate({ host: target.hostname, port: Number(target.port || 5432) });
    await cut.open();
    const through = await openPostgres(throughGate(DATABASE_URL, cut.port));
    const watcher = new pg.Client({ connectionString: DATABASE_URL });
    await watcher.connect();
    const marker = `availability-test-${Date.now()}`;
    try {
      const transaction = through.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select pg_sleep(30) /* ${marker} */`));
      });
      const failed = transaction.then(
        () => null,
        (error: unknown) => error,
      );
      await expect
        .poll(
          async () =>
            (await watcher.query("select 1 from pg_stat_activity where query like $1 and pid <> pg_backend_pid()", [`%${marker}%`]))
              .rowCount,
          { timeout: 10_000 },
        )
        .toBe(1);
      await cut.close();
      expect(await failed).toBeInstanceOf(Error);

      await cut.open();
      await expect
        .poll(
          () =>
            through.ping().then(
              () => true,
              () => false,
            ),
          { timeout: 5000 },
        )
        .toBe(true);
    } finally {
      await watcher.query("select pg_cancel_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()", [
        `%${marker}%`,
      ]);
      await watcher.end();
      await through.close();
      await cut.close();
    }
  });

  it(`an instance starting while the database is away waits for it, and goes on once it answers (${DATABASE_URL ? "running" : "needs PostgreSQL: CI's PostgreSQL pass runs it"})`, async (ctx) => {
    if (!DATABASE_URL) return ctx.skip();
    const target = new URL(DATABASE_URL);
    const away = await createTcpGate({ host: target.hostname, port: Number(target.port || 5432) });
    const starting = await openPostgres(throughGate(DATABASE_URL, away.port));
    let tries = 0;
    try {
      const started = waitForDatabase(async () => {
        tries++;
        return starting.ping();
      }, 30_000);
      await expect.poll(() => tries, { timeout: 10_000 }).toBeGreaterThan(1); // refused, and tried again
      await away.open();
      await expect(started).resolves.toBeUndefined();

      // A refusal that is not about reaching the database is not waited on.
      await expect(waitForDatabase(() => Promise.reject(new Error('relation "nowhere" does not exist')), 30_000)).rejects.toThrow(
        "nowhere",
      );
      // Nor the database away past the wait.
      await away.close();
      await expect(waitForDatabase(() => starting.ping(), 0)).rejects.toThrow();
    } finally {
      await starting.close();
      await away.close();
    }
  });

  it(`PostgreSQL ends a session left idle in a transaction after a minute (${DATABASE_URL ? "running" : "needs PostgreSQL: CI's PostgreSQL pass runs it"})`, async (ctx) => {
    if (!DATABASE_URL) return ctx.skip();
    // An instance lost with a transaction open (its machine gone, no goodbye on the wire) must not hold its locks for hours.
    const own = await openPostgres(DATABASE_URL);
    try {
      const shown = (await own.db.execute(sql`show idle_in_transaction_session_timeout`)) as unknown as {
        rows: { idle_in_transaction_session_timeout: string }[];
      };
      expect(shown.rows[0]!.idle_in_transaction_session_timeout).toBe("1min");
    } finally {
      await own.close();
    }
  });
});
