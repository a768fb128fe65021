import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../project-root";
import type { DbHandle } from "./client";

// From the project's folder, so the compiled server (build/main/) finds them too.
const migrationsFolder = join(projectRoot(), "server/db/migrations");

type TJournal = { entries: { idx: number; when: number; tag: string }[] };

/** The migrations this code knows, in order: each one's tag and the time drizzle records for it. */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as TJournal).entries.map((e) => ({
    tag: e.tag,
    when: e.when,
  }));
}

/**
 * Applies the SQL migrations in server/db/migrations; the same files serve PGlite and PostgreSQL. With `upTo`, only
 * the first `upTo` of them: a restore builds the schema a backup was made on before its rows go in, then migrates
 * on (docs/operations.md#backups).
 */
export async function migrateDatabase(handle: DbHandle, { upTo }: { upTo?: number } = {}) {
  const migrator =
    handle.kind === "pglite" ? await import("drizzle-orm/pglite/migrator") : await import("drizzle-orm/node-postgres/migrator");
  const folder = upTo === undefined ? migrationsFolder : firstMigrations(upTo);
  try {
    // Several instances may start at once on PostgreSQL: one migrates, the others wait.
    await handle.exclusive(() => migrator.migrate(handle.db as never, { migrationsFolder: folder }));
  } finally {
    if (folder !== migrationsFolder) rmSync(folder, { recursive: true, force: true });
  }
}

/** A copy of the migrations folder whose journal lists only the first `count` migrations. */
function firstMigrations(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), "zavolah-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as TJournal;
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}
