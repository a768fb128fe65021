import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { bumpContentVersion, createPageCache } from "./page-cache";
import { CONTENT_CHANNEL, sharePageCacheAcrossInstances } from "./share-page-cache";

// Several instances on PostgreSQL (docs/operations.md#several-instances): an edit made on any instance reaches the
// public pages every instance serves from its cache within a second, also after this instance's LISTEN connection
// was cut. "Another instance" here is another connection to the same database, NOTIFYing as an instance does.

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const database = useTestDatabase();
let server: Server;
let base = "";
let stop: () => Promise<void> = async () => {};
let renders = 0;

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  stop = await sharePageCacheAcrossInstances(database());
  const cache = createPageCache();
  // A public page as site-server.ts serves it: from the cache when it can, else rendered (each render says which).
  server = createServer((req, res) => {
    if (cache.serve(req, res, "anonymous dark /", () => {})) return;
    cache.capture(res, "anonymous dark /", "nonce");
    renders += 1;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<h1>Solar kits from ₦450,000</h1><p>render ${renders}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await stop();
  server?.closeAllConnections();
  server?.close();
});

const page = async () => (await (await fetch(base)).text()).match(/render \d+/)![0];
const notifyAsAnotherInstance = () => database().db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, 'another-instance')`);

describe(`the page cache across instances (on PostgreSQL only: ${ON_POSTGRES ? "running" : "CI's PostgreSQL pass runs it"})`, () => {
  it("an edit on another instance makes this one render its cached page afresh", async (ctx) => {
    if (!ON_POSTGRES) return ctx.skip();
    const first = await page();
    expect(await page()).toBe(first); // from the cache
    await notifyAsAnotherInstance();
    await expect.poll(page, { timeout: 1000, interval: 50 }).not.toBe(first);
  });

  it("an edit on this instance is announced to the others", async (ctx) => {
    if (!ON_POSTGRES) return ctx.skip();
    const heard: string[] = [];
    const unlisten = await database().listen(CONTENT_CHANNEL, (from) => heard.push(from));
    bumpContentVersion();
    await expect.poll(() => heard.length, { timeout: 2000, interval: 50 }).toBe(1);
    await unlisten();
  });

  it("a cut LISTEN connection is made again and the cache flushed, as news may have been missed", async (ctx) => {
    if (!ON_POSTGRES) return ctx.skip();
    const before = await page();
    expect(await page()).toBe(before);
    await database().db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await expect.poll(page, { timeout: 5000, interval: 100 }).not.toBe(before);
    // And it listens again: news from another instance still arrives.
    const after = await page();
    await notifyAsAnotherInstance();
    await expect.poll(page, { timeout: 1000, interval: 50 }).not.toBe(after);
  });
});
