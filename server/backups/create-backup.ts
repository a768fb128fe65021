import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { readdir, stat, statfs } from "node:fs/promises";
import { formatFileSize } from "@domain/files/file-size";
import { join, relative, resolve, sep } from "node:path";
import { SIGNING_SECRET_FILE } from "../auth/signing-secret";
import type { DbHandle } from "../db/client";
import { LOCK_FILE } from "../db/data-folder-lock";
import { log } from "../log";
import { readArchive, writeArchive, type TManifest } from "./backup-archive";
import { dumpRows } from "./database-rows";

// `npm run backup` and the daily backup (docs/operations.md#backups): the database's rows in one snapshot, every file
// under DATA_DIR (photos, course files, designs, identity documents) and the signing secret when it lives there, as
// one file in BACKUP_DIR, read back and checked before it counts.

export const CONTROL_SOCKET = "control.sock";
/** What in the data folder is not a file of the site's: the embedded database (in the backup as rows), the lock. */
const NOT_FILES = new Set(["pglite", LOCK_FILE, SIGNING_SECRET_FILE, CONTROL_SOCKET]);

export type TBackupInput = {
  handle: DbHandle;
  dataDir: string;
  backupDir: string;
  /** BACKUP_KEY: the backup is encrypted with it when set. */
  passphrase: string | undefined;
  /** BETTER_AUTH_SECRET when set: kept out of the backup, which records its fingerprint only. */
  configuredSecret: string | undefined;
  now?: Date;
  /** Told how far it has gone, 0 to 1: the rows are the first half, the files the rest. */
  onProgress?: (fraction: number) => void;
};
export type TBackupResult = { file: string; bytes: number; durationMs: number; encrypted: boolean; manifest: TManifest };

/** A short fingerprint of the signing secret: a restore can tell the same secret from another without holding it. */
export function secretFingerprint(secret: string): string {
  return createHash("sha256").update("zavolah backup: signing secret\0").update(secret).digest("hex").slice(0, 16);
}

/** The backup's file name: when it was made (UTC), and whether it is encrypted. */
export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `zavolah-${stamp}.tar.gz${encrypted ? ".sealed" : ""}`;
}

export async function createBackup(input: TBackupInput): Promise<TBackupResult> {
  const started = Date.now();
  const at = input.now ?? new Date();
  const dataDir = resolve(input.dataDir);
  const backupDir = resolve(input.backupDir);
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  // Two backups within one second (an admin's beside `npm run backup`) must not write over each other.
  let file = join(backupDir, backupFileName(at, !!input.passphrase));
  for (let n = 2; existsSync(file); n++) file = join(backupDir, backupFileName(at, !!input.passphrase).replace(".tar.gz", `-${n}.tar.gz`));
  const files = await siteFiles(dataDir, backupDir);
  const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  // Photos and documents are compressed already: a disk with less room than they take cannot hold the backup, and a
  // doomed half-written file would only take the live site's room on a shared disk.
  const free = await freeBytes(backupDir);
  if (free < fileBytes) throw diskFullError(backupDir, free, fileBytes);
  const progress = input.onProgress ?? (() => {});
  const { bytes, manifest } = await writeArchive(file, input.passphrase, async (writer) => {
    const { tables, sequences, migrations } = await dumpRows(
      input.handle.db,
      (name, data) => writer.addBuffer(name, data),
      (index, count) => progress((0.5 * index) / count),
    );
    let written = 0;
    for (const f of files) {
      progress(0.5 + (0.45 * written) / Math.max(fileBytes, 1));
      await writer.addFile(`files/${f.path}`, join(dataDir, f.path), f.bytes);
      written += f.bytes;
    }
    progress(0.95);
    let signingSecret: TManifest["signingSecret"];
    if (input.configuredSecret) signingSecret = { kept: "apart", fingerprint: secretFingerprint(input.configuredSecret) };
    else {
      const secretFile = join(dataDir, SIGNING_SECRET_FILE);
      if (!existsSync(secretFile))
        throw new Error(`No signing secret to back up: BETTER_AUTH_SECRET is not set and ${secretFile} does not exist.`);
      await writer.addBuffer(`secrets/${SIGNING_SECRET_FILE}`, readFileSync(secretFile));
      signingSecret = { kept: "in backup" };
    }
    return { createdAt: at.toISOString(), engine: input.handle.kind, migrations, tables, sequences, signingSecret };
  }).catch(async (error: unknown) => {
    // The half-written file is already removed; what is said is what to do about it.
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw diskFullError(backupDir, await freeBytes(backupDir));
    throw error;
  });
  // A backup counts once it reads back whole: every entry against its checksum, with the key a restore will use. One
  // that does not is removed, so nobody finds it later and trusts it.
  try {
    await readArchive(file, input.passphrase);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
  progress(1);
  const durationMs = Date.now() - started;
  log.info({ file, bytes, durationMs, tables: manifest.tables.length, files: files.length }, "backup written and checked");
  return { file, bytes, durationMs, encrypted: !!input.passphrase, manifest };
}

/** Room left for an ordinary user on the disk holding `dir`. */
async function freeBytes(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize;
}

/** A full disk as an admin can act on it; the earlier backups are not touched by a failed one. */
function diskFullError(backupDir: string, free: number, needed?: number): Error {
  const room =
    needed === undefined ? `${formatFileSize(free)} free` : `${formatFileSize(free)} free, the files alone take ${formatFileSize(needed)}`;
  return new Error(
    `The disk holding the backup folder ${backupDir} is full (${room}): free space there or set BACKUP_DIR to a larger disk. Nothing of this backup was kept, and the earlier backups are untouched.`,
  );
}

/** Every file the site keeps under the data folder, by its path there. */
async function siteFiles(dataDir: string, backupDir: string): Promise<{ path: string; bytes: number }[]> {
  const found: { path: string; bytes: number }[] = [];
  const walk = async (dir: string) => {
    let names: string[];
    try {
      names = (await readdir(dir)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const name of names) {
      const path = join(dir, name);
      const rel = relative(dataDir, path);
      if ((dir === dataDir && NOT_FILES.has(name)) || path === backupDir || name.endsWith(".partial")) continue;
      const info = await stat(path);
      if (info.isDirectory()) await walk(path);
      else if (info.isFile()) found.push({ path: rel.split(sep).join("/"), bytes: info.size });
    }
  };
  await walk(dataDir);
  return found;
}
