import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTcpGate, throughGate } from "../../tests/support/tcp-gate";
import { listenPostgres } from "./listen-postgres";

// The LISTEN connection every instance keeps (docs/operations.md#several-instances) survives the database being away:
// at start, and when the connection is cut. A TCP gate in front of PostgreSQL plays the outage.

const DATABASE_URL = process.env.DATABASE_URL;
let gate: Awaited<ReturnType<typeof createTcpGate>> | undefined;
afterAll(() => gate?.close());

describe(`LISTEN through an outage (${DATABASE_URL ? "running" : "needs PostgreSQL: CI's PostgreSQL pass runs it"})`, () => {
  it("starts while the database is away, connects once it is back, and hears notifications; again after a cut", async (ctx) => {
    if (!DATABASE_URL) return ctx.skip();
    const target = new URL(DATABASE_URL);
    gate = await createTcpGate({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(throughGate(DATABASE_URL, gate.port));
    const heard: string[] = [];
    let reconnects = 0;
    const unlisten = await listenPostgres(
      url.toString(),
      "zavolah_outage_test",
      (payload) => heard.push(payload),
      () => (reconnects += 1),
    );
    const notify = async (payload: string) => {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query("select pg_notify('zavolah_outage_test', $1)", [payload]);
      await c.end();
    };

    try {
      await gate.open();
      await expect.poll(() => reconnects, { timeout: 5000 }).toBe(1);
      await notify("order ZV-100234 paid");
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(["order ZV-100234 paid"]);

      await gate.close(); // the connection is cut
      await gate.open();
      await expect.poll(() => reconnects, { timeout: 5000 }).toBe(2);
      await notify("order ZV-100235 paid");
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(["order ZV-100234 paid", "order ZV-100235 paid"]);
    } finally {
      await unlisten();
    }
  });
});
