import { join } from "node:path";
import { projectRoot } from "../project-root";
import type { DbHandle } from "./client";

// From the project's folder, so the compiled server (build/main/) finds them too.
const migrationsFolder = join(projectRoot(), "server/db/migrations");

/** Applies the SQL migrations in server/db/migrations; the same files serve PGlite and PostgreSQL. */
export async function migrateDatabase(handle: DbHandle) {
  const migrator =
    handle.kind === "pglite" ? await import("drizzle-orm/pglite/migrator") : await import("drizzle-orm/node-postgres/migrator");
  // Several instances may start at once on PostgreSQL: one migrates, the others wait.
  await handle.exclusive(() => migrator.migrate(handle.db as never, { migrationsFolder }));
}
