import { randomBytes } from "node:crypto";
import { like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTcpGate } from "../../tests/support/tcp-gate";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { openRedis, setSharedRedis } from "../db/redis";
import { beginSignInAttempt, RateLimitedError } from "./rate-limits";
import { rateLimits } from "./schema";

// Rate limits with REDIS_URL set (docs/product/accounts.md#rate-limits, docs/decisions/0037-several-instances-shared-services.md):
// counted in Redis, shared by every instance; while Redis is unreachable, counted in the database, never in memory.

const REDIS_URL = process.env.REDIS_URL;
useTestDatabase();
const opened: ReturnType<typeof openRedis>[] = [];
afterAll(() => {
  setSharedRedis(undefined);
  for (const r of opened) r.client.disconnect();
});

function useRedis(url: string) {
  const redis = openRedis(url, `zavolah-test-${randomBytes(4).toString("hex")}:`);
  opened.push(redis);
  setSharedRedis(redis);
  return redis;
}

/** 50 wrong sign-ins for one account at once, from 50 addresses: how many reach the password check. */
async function checkedOf50(email: string) {
  const outcomes = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      beginSignInAttempt(email, `102.89.${i}.7`).then(
        () => "checked",
        (e: unknown) => (e instanceof RateLimitedError ? "refused" : `error: ${String(e)}`),
      ),
    ),
  );
  return outcomes.filter((o) => o === "checked").length + (outcomes.some((o) => o.startsWith("error")) ? 1000 : 0);
}

describe(`rate limits in Redis (${REDIS_URL ? "running" : "needs Redis: CI's PostgreSQL pass sets REDIS_URL"})`, () => {
  it("of 50 parallel wrong sign-ins for one account, exactly 5 reach the password check, counted in Redis", async (ctx) => {
    if (!REDIS_URL) return ctx.skip();
    const redis = useRedis(REDIS_URL);
    await new Promise<void>((resolve) => redis.client.once("ready", () => resolve()));
    const email = `adaeze.okafor.${randomBytes(3).toString("hex")}@example.ng`;

    expect(await checkedOf50(email)).toBe(5);
    expect(await redis.client.keys(`${redis.keyPrefix}*${email}`)).toHaveLength(1);
    expect(
      await getDb()
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%${email}`)),
    ).toEqual([]);

    await expect(beginSignInAttempt(email, "102.89.200.7")).rejects.toBeInstanceOf(RateLimitedError);
    // The owner's right password on the fifth try lifts the account's count: five more reach the check.
    const owner = `ngozi.eze.${randomBytes(3).toString("hex")}@example.ng`;
    for (let i = 0; i < 4; i++) await beginSignInAttempt(owner, `102.89.210.${i}`);
    await (await beginSignInAttempt(owner, "102.89.211.7")).succeeded();
    expect(await checkedOf50(owner)).toBe(5);
  });

  it("while Redis is unreachable, the database counts: still exactly 5", async (ctx) => {
    if (!REDIS_URL) return ctx.skip();
    useRedis("redis://127.0.0.1:1"); // nothing listens there
    const email = `emeka.nwosu.${randomBytes(3).toString("hex")}@example.ng`;

    expect(await checkedOf50(email)).toBe(5);
    const [row] = await getDb()
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${email}`));
    expect(row?.points).toBe(50);
  });

  it("Redis that goes away and comes back: the database counts meanwhile, then Redis again", async (ctx) => {
    if (!REDIS_URL) return ctx.skip();
    // The real Redis behind a gate this test closes and opens again (the machine's Redis itself stays up).
    const target = new URL(REDIS_URL);
    const gate = await createTcpGate({ host: target.hostname, port: Number(target.port || 6379) });
    await gate.open();
    const redis = useRedis(`redis://127.0.0.1:${gate.port}`);
    const inRedis = async (email: string) => (await redis.client.keys(`${redis.keyPrefix}*${email}`)).length;
    const inDatabase = async (email: string) =>
      (
        await getDb()
          .select()
          .from(rateLimits)
          .where(like(rateLimits.key, `%${email}`))
      ).length;
    const someone = () => `chidi.eze.${randomBytes(3).toString("hex")}@example.ng`;
    try {
      await new Promise<void>((resolve) => redis.client.once("ready", () => resolve()));
      const before = someone();
      expect(await checkedOf50(before)).toBe(5);
      expect([await inRedis(before), await inDatabase(before)]).toEqual([1, 0]);

      // Redis goes away: no new connection, the open ones cut.
      const gone = new Promise<void>((resolve) => redis.client.once("close", () => resolve()));
      await Promise.all([gone, gate.close()]);
      const during = someone();
      expect(await checkedOf50(during)).toBe(5);
      expect(await inDatabase(during)).toBe(1);

      // It comes back on the same address; the client finds it by itself.
      const back = new Promise<void>((resolve) => redis.client.once("ready", () => resolve()));
      await gate.open();
      await back;
      const after = someone();
      expect(await checkedOf50(after)).toBe(5);
      expect([await inRedis(after), await inDatabase(after)]).toEqual([1, 0]);
    } finally {
      await gate.close();
    }
  });
});
