import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb, getDbHandle } from "./client";
import { countQueries } from "./query-count";

useTestDatabase();

describe("statements counted per request", () => {
  it("counts each request's own statements, apart from another's running at the same time", async () => {
    const one = countQueries(async (read) => {
      await getDb().execute(sql`select 1`);
      await getDb().execute(sql`select 2`);
      return read();
    });
    const other = countQueries(async (read) => {
      await getDb().execute(sql`select 3`);
      return read();
    });
    await getDb().execute(sql`select 4`); // outside any request: counted nowhere
    expect(await Promise.all([one, other])).toEqual([2, 1]);
  });

  it("counts the statements of a transaction as they are sent", async () => {
    const counted = await countQueries(async (read) => {
      await getDb().transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      return read();
    });
    // On PostgreSQL the transaction's begin and commit are statements of their own (PGlite runs them inside its client).
    expect(counted).toBe(getDbHandle().kind === "postgres" ? 4 : 2);
  });
});
