import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { PassThrough, type Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { BackupKeyError, DamagedBackupError, SEALED_MAGIC, sealing, unsealing } from "./backup-encryption";

// One backup is one file (docs/operations.md#backups): a .tar.gz holding the database's rows (database/), the uploaded
// files (files/), the signing secret when it lives in the data folder (secrets/) and, last, manifest.json with every
// entry's size and SHA-256. With BACKUP_KEY it is sealed whole (./backup-encryption.ts); without, `tar tzf` lists it.

export const BACKUP_FORMAT = 1;
const MANIFEST = "manifest.json";

export type TMigrationLevel = { count: number; lastHash: string | null; lastCreatedAt: number | null };
export type TTableEntry = { name: string; rows: number; parts: string[] };
export type TManifest = {
  format: number;
  app: "zavolah";
  createdAt: string;
  engine: "pglite" | "postgres";
  migrations: TMigrationLevel;
  tables: TTableEntry[];
  sequences: { name: string; lastValue: string | null }[];
  /** Where the signing secret was when the backup was made: in the backup, or kept apart (its fingerprint). */
  signingSecret: { kept: "in backup" } | { kept: "apart"; fingerprint: string };
  entries: Record<string, { bytes: number; sha256: string }>;
};
export type TManifestBody = Omit<TManifest, "entries" | "format" | "app">;

export type TArchiveWriter = {
  addBuffer(name: string, data: Buffer): Promise<void>;
  addFile(name: string, path: string, bytes: number): Promise<void>;
};

/**
 * Writes the backup to `path` through a file beside it that is renamed into place once complete and on disk, so a
 * backup cut off half way (the process killed, the disk full) never sits under a backup's name.
 */
export async function writeArchive(
  path: string,
  passphrase: string | undefined,
  produce: (writer: TArchiveWriter) => Promise<TManifestBody>,
): Promise<{ bytes: number; manifest: TManifest }> {
  const draft = `${path}.partial`;
  const pack = tar.pack();
  // tar-stream's streams are streamx ones, which Node's pipeline takes as it takes its own.
  const stages: (Readable | Transform)[] = [pack as unknown as Readable, createGzip({ level: 6 })];
  if (passphrase) stages.push(await sealing(passphrase));
  let bytes = 0;
  const counter = new PassThrough();
  counter.on("data", (chunk: Buffer) => (bytes += chunk.length));
  const written = pipeline([...stages, counter, createWriteStream(draft, { mode: 0o600 })] as unknown as [Readable, ...Transform[]]);
  const entries: TManifest["entries"] = {};
  const writer: TArchiveWriter = {
    addBuffer: (name, data) =>
      new Promise((resolve, reject) => {
        entries[name] = { bytes: data.length, sha256: createHash("sha256").update(data).digest("hex") };
        pack.entry({ name, size: data.length, mode: 0o600, mtime: new Date(0) }, data, (error) => (error ? reject(error) : resolve()));
      }),
    addFile: async (name, file, size) => {
      const hash = createHash("sha256");
      let seen = 0;
      const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) });
      await pipeline(
        createReadStream(file, { start: 0, end: Math.max(0, size - 1) }),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            seen += chunk.length;
            yield chunk;
          }
        },
        entry,
      );
      if (seen !== size) throw new Error(`${name} changed while it was backed up (${seen} bytes, ${size} expected)`);
      entries[name] = { bytes: size, sha256: hash.digest("hex") };
    },
  };
  try {
    const body = await produce(writer);
    const manifest: TManifest = { format: BACKUP_FORMAT, app: "zavolah", ...body, entries: { ...entries } };
    await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    const handle = await open(draft, "r");
    await handle.sync();
    await handle.close();
    await rename(draft, path);
    return { bytes, manifest };
  } catch (error) {
    pack.destroy(error as Error);
    const writeError = await written.then(
      () => null,
      (e: unknown) => e as NodeJS.ErrnoException,
    );
    await rm(draft, { force: true });
    // When the file itself could not be written (a full disk), that is the cause, whatever the packing saw after it.
    throw writeError?.syscall ? writeError : error;
  }
}

export type TEntryReader = (name: string, content: Readable) => Promise<void>;

/**
 * Reads the backup at `path`, entry by entry, checking each against the manifest; `onEntry` (when given) gets each
 * entry but the manifest. Throws DamagedBackupError for a file that is not a backup, damaged or cut short, and
 * BackupKeyError for a missing or wrong key.
 */
export async function readArchive(path: string, passphrase: string | undefined, onEntry?: TEntryReader): Promise<TManifest> {
  const first = Buffer.alloc(SEALED_MAGIC.length);
  const handle = await open(path, "r");
  try {
    await handle.read(first, 0, first.length, 0);
  } finally {
    await handle.close();
  }
  const sealed = first.toString() === SEALED_MAGIC;
  if (!sealed && !(first[0] === 0x1f && first[1] === 0x8b)) throw new DamagedBackupError("This file is not a Zavolah backup.");
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;
  // What onEntry throws (a row the database refuses) is that failure, not damage to the file.
  let entryError: unknown = null;
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const hash = createHash("sha256");
    let bytes = 0;
    const checked = new PassThrough();
    stream.on("data", (chunk) => {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    });
    const chunks: Buffer[] = [];
    const isManifest = header.name === MANIFEST;
    const consume = isManifest
      ? (async () => {
          for await (const chunk of checked) chunks.push(chunk as Buffer);
        })()
      : onEntry
        ? onEntry(header.name, checked).catch((error: unknown) => {
            entryError = error;
            throw error;
          })
        : (async () => {
            for await (const _ of checked);
          })();
    stream.pipe(checked);
    Promise.all([consume, new Promise<void>((resolve, reject) => stream.on("end", () => resolve()).on("error", reject))])
      .then(() => {
        if (isManifest) manifestText = Buffer.concat(chunks).toString();
        else seen.set(header.name, { bytes, sha256: hash.digest("hex") });
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  const stages: (Readable | Transform)[] = [createReadStream(path)];
  if (sealed) stages.push(unsealing(passphrase));
  stages.push(createGunzip());
  try {
    await pipeline([...stages, extract] as unknown as [Readable, ...Transform[]]);
  } catch (error) {
    if (entryError) throw entryError;
    if (error instanceof BackupKeyError || error instanceof DamagedBackupError) throw error;
    throw new DamagedBackupError(`The backup is damaged or cut short (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (manifestText === null) throw new DamagedBackupError("The backup has no manifest: it is cut short or not a Zavolah backup.");
  let manifest: TManifest;
  try {
    manifest = JSON.parse(manifestText) as TManifest;
  } catch {
    throw new DamagedBackupError("The backup's manifest is damaged.");
  }
  if (manifest.app !== "zavolah") throw new DamagedBackupError("This file is not a Zavolah backup.");
  const wrong = [...Object.keys(manifest.entries), ...seen.keys()].filter((name) => {
    const want = manifest.entries[name];
    const got = seen.get(name);
    return !want || !got || want.sha256 !== got.sha256 || want.bytes !== got.bytes;
  });
  if (wrong.length > 0)
    throw new DamagedBackupError(`The backup is damaged: ${[...new Set(wrong)].slice(0, 3).join(", ")} does not match its checksum.`);
  return manifest;
}
