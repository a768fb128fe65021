import { randomBytes } from "node:crypto";
import { openPglite, openPostgres, type DbHandle } from "../server/db/client";
import { useThrowawaySecret } from "./throwaway-secret";

const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * Runs a benchmark on a fresh in-memory PGlite, then on a fresh PostgreSQL database created on DATABASE_URL's server
 * (or the machine's) and dropped afterwards; PostgreSQL is skipped with a line when no server answers.
 */
export async function onBothDatabases(run: (label: string, handle: DbHandle) => Promise<void>): Promise<void> {
  useThrowawaySecret();
  const lite = await openPglite(undefined);
  await run("PGlite", lite);
  await lite.close();

  const pg = await import("pg");
  const name = `zavolah_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.default.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL skipped: no server at ${PG_URL.replace(/\/\/[^@]*@/, "//")}`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  try {
    await run("PostgreSQL", handle);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
