// The "new build" of the deploy proof (npm run chaos -- --deploy, docs/operations.md#rolling-deploy): a copy of this
// project's build (build/, the migrations, the production hook, package.json; node_modules linked) with one more
// migration, an expand step (docs/decisions/0053-expand-contract-migrations.md): a new table and a nullable column on
// orders, a table the buyers write while the old instances serve. The server reads its migrations from disk
// (server/db/migrate.ts, from the folder holding package.json), so the first new instance applies it at its start.
// The code is the same as the running build's: what the proof shows is the replacement and a schema change under load,
// not a change of code.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PROOF_MIGRATION_SQL = `CREATE TABLE "deploy_proof_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"release" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deploy_proof_note" text;`;

type TJournal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

/** Makes the release in a new temporary folder; answers the folder and the tag of the migration it adds. */
export function makeProofRelease(from: string): { dir: string; migration: string } {
  const dir = mkdtempSync(join(tmpdir(), "zavolah-release-"));
  cpSync(join(from, "build"), join(dir, "build"), { recursive: true });
  cpSync(join(from, "package.json"), join(dir, "package.json"));
  mkdirSync(join(dir, "server/db"), { recursive: true });
  for (const hook of ["react-router-production.mjs", "react-router-production-hooks.mjs"])
    cpSync(join(from, "server", hook), join(dir, "server", hook));
  const migrations = join(dir, "server/db/migrations");
  cpSync(join(from, "server/db/migrations"), migrations, { recursive: true });
  symlinkSync(realpathSync(join(from, "node_modules")), join(dir, "node_modules"));

  const journalFile = join(migrations, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as TJournal;
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, "0")}_deploy_proof`;
  writeFileSync(join(migrations, `${tag}.sql`), PROOF_MIGRATION_SQL);
  // Drizzle applies a migration recorded later than the last one the database has.
  journal.entries.push({ idx, version: last.version, when: Math.max(Date.now(), last.when + 1000), tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return { dir, migration: tag };
}
