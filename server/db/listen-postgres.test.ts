import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { listenPostgres } from "./listen-postgres";

// The LISTEN connection every instance keeps (docs/operations.md#several-instances) survives the database being away:
// at start, and when the connection is cut. A small TCP gate in front of PostgreSQL plays the outage.

const DATABASE_URL = process.env.DATABASE_URL;
const sockets = new Set<Socket>();
let gate: Server | undefined;
let gatePort = 0;

/** Opens the gate: connections to gatePort reach PostgreSQL. */
function openGate(): Promise<void> {
  const target = new URL(DATABASE_URL!);
  gate = createServer((inbound) => {
    const outbound = createConnection(Number(target.port || 5432), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((resolve) => gate!.listen(gatePort, "127.0.0.1", resolve));
}

/** Closes the gate and cuts every connection through it. */
function closeGate(): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => (gate ? gate.close(() => resolve()) : resolve()));
}

afterAll(closeGate);

describe(`LISTEN through an outage (${DATABASE_URL ? "running" : "needs PostgreSQL: CI's PostgreSQL pass runs it"})`, () => {
  it("starts while the database is away, connects once it is back, and hears notifications; again after a cut", async (ctx) => {
    if (!DATABASE_URL) return ctx.skip();
    // A free port, closed: the database is "down" when listening starts.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    gatePort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const url = new URL(DATABASE_URL);
    url.host = `127.0.0.1:${gatePort}`;
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
      await openGate();
      await expect.poll(() => reconnects, { timeout: 5000 }).toBe(1);
      await notify("order ZV-100234 paid");
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(["order ZV-100234 paid"]);

      await closeGate(); // the connection is cut
      await openGate();
      await expect.poll(() => reconnects, { timeout: 5000 }).toBe(2);
      await notify("order ZV-100235 paid");
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(["order ZV-100234 paid", "order ZV-100235 paid"]);
    } finally {
      await unlisten();
    }
  });
});
