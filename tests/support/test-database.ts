import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "../../server/db/client";
import type {} from "./test-database-template";

/**
 * Gives the test file its own migrated database: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a fresh PostgreSQL database created for this file and dropped after it. Both are copies of the template the
 * migrations ran into once for the whole run (tests/support/test-database-template.ts): the same migrations either way.
 */
export function useTestDatabase() {
  let handle: DbHandle;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const pg = await import("pg");
      const name = `zavolah_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.default.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
      await admin.end();
      const testUrl = new URL(url);
      testUrl.pathname = `/${name}`;
      handle = await openPostgres(testUrl.toString());
      dropDatabase = async () => {
        const c = new pg.default.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    } else {
      handle = await openPglite(undefined, { loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    }
    setDbHandle(handle);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await handle?.close();
    await dropDatabase?.();
  });
  return () => handle;
}
