import { resolve } from "node:path";
import { env } from "../env";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";

/** Opens PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR; migrates; warms it. */
export async function openDatabase(): Promise<DbHandle> {
  const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(resolve(env.DATA_DIR));
  setDbHandle(handle);
  await migrateDatabase(handle);
  await handle.ping();
  return handle;
}
