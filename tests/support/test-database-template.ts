import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";

// Vitest's global setup: the migrations run once per run into a template, and each test file starts from a copy of
// it (tests/support/test-database.ts) instead of creating and migrating a database of its own: a PGlite data folder
// dumped to a file, or, with DATABASE_URL, a PostgreSQL database that each file's database is created from.

declare module "vitest" {
  export interface ProvidedContext {
    /** The dumped PGlite data folder (a tarball) of a migrated database. */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL database on DATABASE_URL's server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = (await import("pg")).default;
    const name = `zavolah_template_${randomBytes(6).toString("hex")}`;
    const run = async (sql: string) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(sql);
      await admin.end();
    };
    await run(`create database ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const handle = await openPostgres(templateUrl.toString());
    await migrateDatabase(handle);
    // No connection may stay open on a template while databases are created from it.
    await handle.close();
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplate", "");
    return async () => run(`drop database if exists ${name} with (force)`);
  }
  const handle = await openPglite(undefined);
  await migrateDatabase(handle);
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), "zavolah-test-template-"));
  const file = join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
