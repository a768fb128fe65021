import { fileURLToPath } from "node:url";
import type { DbHandle } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the SQL migrations in server/db/migrations; the same files serve PGlite and PostgreSQL. */
export async function migrateDatabase(handle: DbHandle) {
  const migrator =
    handle.kind === "pglite" ? await import("drizzle-orm/pglite/migrator") : await import("drizzle-orm/node-postgres/migrator");
  // Several instances may start at once on PostgreSQL: one migrates, the others wait.
  await handle.exclusive(() => migrator.migrate(handle.db as never, { migrationsFolder }));
}
