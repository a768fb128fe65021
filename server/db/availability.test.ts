import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createTcpGate, throughGate } from "../../tests/support/tcp-gate";
import { answerDatabaseDown } from "../http/database-down";
import { databaseIsDown, isDatabaseUnreachable } from "./availability";
import { openPostgres, type DbHandle } from "./client";

// While PostgreSQL is away, pages answer a short 503 (server/http/database-down.ts) instead of an error each, and the
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
    const server = createServer((req, res) => answerDatabaseDown(req, res));
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
});
