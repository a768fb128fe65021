import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { SIGNING_SECRET_FILE } from "../auth/signing-secret";
import { openPglite, openPostgres, type DbHandle } from "../db/client";
import { knownMigrations, migrateDatabase } from "../db/migrate";
import { log } from "../log";
import { BACKUP_FORMAT, readArchive, type TManifest } from "./backup-archive";
import { emptyTables, loadPart, restoreSequences } from "./database-rows";
import { secretFingerprint } from "./create-backup";

// `npm run restore -- FILE` (docs/operations.md#backups): into an empty data folder or an empty database only. The
// whole file is checked first; then the schema is built by the migrations up to the backup's own level, the rows go
// in in one transaction, and the migrations run on to this version's level, so an older backup restores into newer
// code. Anything that goes wrong leaves the target as empty as it was.

export class RestoreRefusedError extends Error {}

export type TRestoreInput = {
  file: string;
  passphrase: string | undefined;
  dataDir: string;
  /** DATABASE_URL: restore into this (empty) PostgreSQL database; else into the embedded one under dataDir. */
  databaseUrl: string | undefined;
  /** BETTER_AUTH_SECRET as the restored site will run with it. */
  configuredSecret: string | undefined;
};
export type TRestoreResult = {
  manifest: TManifest;
  rows: number;
  files: number;
  migratedFrom: number;
  migratedTo: number;
  warnings: string[];
};

export async function restoreBackup(input: TRestoreInput): Promise<TRestoreResult> {
  const dataDir = resolve(input.dataDir);
  const manifest = await readArchive(input.file, input.passphrase);
  const known = knownMigrations();
  if (manifest.format > BACKUP_FORMAT || manifest.migrations.count > known.length)
    throw new RestoreRefusedError(
      `This backup was made by a newer version of the site (${manifest.migrations.count} migrations, this one knows ${known.length}): restore it with that version or a later one.`,
    );
  const lastKnown = manifest.migrations.count > 0 ? known[manifest.migrations.count - 1] : undefined;
  if (lastKnown && lastKnown.when !== manifest.migrations.lastCreatedAt)
    throw new RestoreRefusedError(
      "This backup's schema is not one this version of the site knows: restore it with the version that made it.",
    );
  const warnings: string[] = [];
  if (manifest.signingSecret.kept === "apart") {
    if (!input.configuredSecret)
      throw new RestoreRefusedError(
        "This backup was made with BETTER_AUTH_SECRET set, and the secret is not in it: set BETTER_AUTH_SECRET to the same value before restoring, or sessions, e-mailed links and chargers' passwords would stop working.",
      );
    if (secretFingerprint(input.configuredSecret) !== manifest.signingSecret.fingerprint)
      throw new RestoreRefusedError(
        "BETTER_AUTH_SECRET is not the secret this backup was made with: set it to the value the backed-up site used.",
      );
  } else if (input.configuredSecret) {
    warnings.push(
      `BETTER_AUTH_SECRET is set, so the restored site signs with it rather than the secret in the backup (written to ${join(dataDir, SIGNING_SECRET_FILE)}): sessions and e-mailed links made before the backup will not work. Unset it to keep them.`,
    );
  }

  const files = Object.keys(manifest.entries).filter((name) => name.startsWith("files/"));
  const inTheWay = files.map((name) => join(dataDir, name.slice("files/".length))).filter((path) => existsSync(path));
  if (existsSync(join(dataDir, SIGNING_SECRET_FILE)) && manifest.signingSecret.kept === "in backup")
    inTheWay.unshift(join(dataDir, SIGNING_SECRET_FILE));
  if (inTheWay.length > 0)
    throw new RestoreRefusedError(
      `The data folder ${dataDir} already holds files of a site (${inTheWay.slice(0, 3).join(", ")}${inTheWay.length > 3 ? ", …" : ""}): restore into an empty folder (set DATA_DIR to a new one, or move this one aside).`,
    );
  if (!input.databaseUrl && existsSync(join(dataDir, "pglite")) && readdirSync(join(dataDir, "pglite")).length > 0)
    throw new RestoreRefusedError(
      `The data folder ${dataDir} already holds a database (${join(dataDir, "pglite")}): restore into an empty folder (set DATA_DIR to a new one, or move this one aside).`,
    );

  mkdirSync(dataDir, { recursive: true });
  const handle = input.databaseUrl ? await openPostgres(input.databaseUrl) : await openPglite(dataDir);
  const staging = join(dataDir, `.restoring-${process.pid}`);
  let rows = 0;
  // Checked before anything is written, and outside the clean-up below, which empties what this restore began.
  await refuseUnlessEmpty(handle, input.databaseUrl);
  try {
    await migrateDatabase(handle, { upTo: manifest.migrations.count });
    const tableOfPart = new Map(manifest.tables.flatMap((t) => t.parts.map((p) => [p, t.name] as const)));
    const columns = new Map<string, string[]>();
    await handle.db.transaction(async (tx) => {
      await emptyTables(tx);
      await readArchive(input.file, input.passphrase, async (name, content) => {
        const table = tableOfPart.get(name);
        if (table) {
          const text = await readText(content);
          await loadPart(tx, table, text, columns);
          rows += text.split("\n").filter(Boolean).length;
        } else if (name.startsWith("files/") || name.startsWith("secrets/")) {
          const target = safeJoin(staging, name);
          mkdirSync(dirname(target), { recursive: true });
          await pipeline(content, createWriteStream(target, { mode: 0o600 }));
        } else await readText(content);
      });
      await restoreSequences(tx, manifest.sequences);
    });
    await migrateDatabase(handle);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    await emptyAgain(handle, input.databaseUrl, dataDir).catch(() => {});
    throw error;
  }
  await handle.close();
  // The files go into place once the rows are in: a restore stopped before this leaves no file behind.
  for (const name of files) {
    const target = join(dataDir, name.slice("files/".length));
    mkdirSync(dirname(target), { recursive: true });
    renameSync(safeJoin(staging, name), target);
  }
  if (manifest.signingSecret.kept === "in backup")
    renameSync(safeJoin(staging, `secrets/${SIGNING_SECRET_FILE}`), join(dataDir, SIGNING_SECRET_FILE));
  rmSync(staging, { recursive: true, force: true });
  const result = { manifest, rows, files: files.length, migratedFrom: manifest.migrations.count, migratedTo: known.length, warnings };
  log.info(
    { file: input.file, rows, files: files.length, migratedFrom: result.migratedFrom, migratedTo: result.migratedTo },
    "backup restored",
  );
  return result;
}

async function readText(content: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `name` under `root`, refusing a name that climbs out of it (a hand-made archive's "../"). */
function safeJoin(root: string, name: string): string {
  const path = normalize(join(root, name));
  if (!path.startsWith(root + "/")) throw new RestoreRefusedError(`The backup holds a file outside its folders (${name}).`);
  return path;
}

async function refuseUnlessEmpty(handle: DbHandle, databaseUrl: string | undefined) {
  const found =
    (
      (await handle.db.execute(
        sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') order by 1 limit 3`,
      )) as { rows?: { name: string }[] }
    ).rows ?? [];
  if (found.length === 0) return;
  await handle.close();
  const where = databaseUrl ? `The database ${new URL(databaseUrl).pathname.slice(1)}` : "The embedded database";
  throw new RestoreRefusedError(
    `${where} already has tables (${found.map((f) => f.name).join(", ")}, …): restore into a new, empty database (for example \`createdb zavolah_restored\` and DATABASE_URL pointing at it).`,
  );
}

/** After a failed restore, the target goes back to empty: it was empty before, so nothing of anyone's is lost. */
async function emptyAgain(handle: DbHandle, databaseUrl: string | undefined, dataDir: string) {
  if (databaseUrl) {
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`drop schema public cascade`);
    await handle.db.execute(sql`create schema public`);
    await handle.close();
  } else {
    await handle.close();
    rmSync(join(dataDir, "pglite"), { recursive: true, force: true });
  }
}
