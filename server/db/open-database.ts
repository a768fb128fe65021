import { resolve } from "node:path";
import { env } from "../env";
import { log } from "../log";
import { isDatabaseUnreachable } from "./availability";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";

/** Opens PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR; migrates; warms it. */
export async function openDatabase(): Promise<DbHandle> {
  const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(resolve(env.DATA_DIR));
  setDbHandle(handle);
  await waitForDatabase(async () => {
    await migrateDatabase(handle);
    await handle.ping();
  }, env.DATABASE_WAIT_SECONDS * 1000);
  return handle;
}

/**
 * Runs `step` until the database answers it: PostgreSQL away when an instance starts (restarting, failing over) is
 * waited for, up to `waitMs`, instead of the process exiting and its supervisor backing off further each time
 * (docs/operations.md#health-and-shutdown). Any other error, or the database still away after `waitMs`, is thrown.
 */
export async function waitForDatabase<T>(step: () => Promise<T>, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() > deadline) throw error;
      if (attempt === 0)
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "database unreachable at start-up: waiting for it");
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** attempt)));
    }
  }
}
