import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { promisify } from "node:util";

// An encrypted backup (docs/operations.md#backups): the .tar.gz cut into chunks of 1 MiB, each sealed with AES-256-GCM
// under a key derived from BACKUP_KEY by scrypt. Each chunk's nonce is a random prefix, the chunk's number and a flag
// that marks the last one (the STREAM construction), and every chunk is authenticated with the header, so a chunk
// changed, moved, dropped or a file cut short is refused before anything of it is used.
//
//   ZAVOLAH-BACKUP-SEALED 1\n
//   {"kdf":"scrypt","salt":"…","N":32768,"r":8,"p":1,"prefix":"…","chunkBytes":1048576}\n
//   then per chunk: 4-byte length (big-endian) · ciphertext · 16-byte tag

export const SEALED_MAGIC = "ZAVOLAH-BACKUP-SEALED 1\n";
const CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
const PREFIX_BYTES = 7;
const MAX_HEADER_BYTES = 1024;

/** `check` tells a wrong key from a damaged file: an HMAC of a fixed text under the derived key. */
type THeader = { kdf: "scrypt"; salt: string; N: number; r: number; p: number; prefix: string; chunkBytes: number; check: string };

export class BackupKeyError extends Error {}
export class DamagedBackupError extends Error {}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number, options: object) => Promise<Buffer>;

async function deriveKey(passphrase: string, header: THeader): Promise<Buffer> {
  return scryptAsync(passphrase, Buffer.from(header.salt, "base64"), 32, {
    N: header.N,
    r: header.r,
    p: header.p,
    maxmem: 128 * header.N * header.r * 2,
  });
}

const keyCheck = (key: Buffer) => createHmac("sha256", key).update("zavolah backup key check").digest("base64");

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
}

/** Encrypts what passes through it with `passphrase`. */
export async function sealing(passphrase: string): Promise<Transform> {
  const params = {
    kdf: "scrypt" as const,
    salt: randomBytes(16).toString("base64"),
    N: 32768,
    r: 8,
    p: 1,
    prefix: randomBytes(PREFIX_BYTES).toString("base64"),
    chunkBytes: CHUNK_BYTES,
  };
  const key = await deriveKey(passphrase, { ...params, check: "" });
  const header: THeader = { ...params, check: keyCheck(key) };
  const headerBytes = Buffer.from(`${SEALED_MAGIC}${JSON.stringify(header)}\n`);
  const prefix = Buffer.from(header.prefix, "base64");
  let pending = Buffer.alloc(0);
  let index = 0;
  let started = false;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv("aes-256-gcm", key, nonce(prefix, index++, last));
    cipher.setAAD(headerBytes);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, body, cipher.getAuthTag()]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        this.push(headerBytes);
        started = true;
      }
      pending = Buffer.concat([pending, chunk]);
      // A chunk is sealed only once more follows, so the last one can carry the flag.
      while (pending.length > CHUNK_BYTES) {
        this.push(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(headerBytes);
      this.push(seal(pending, true));
      done();
    },
  });
}

/** Decrypts a sealed backup with `passphrase`; fails with BackupKeyError or DamagedBackupError. */
export function unsealing(passphrase: string | undefined): Transform {
  let buffered = Buffer.alloc(0);
  let state: { key: Buffer; headerBytes: Buffer; prefix: Buffer; chunkBytes: number } | null = null;
  let index = 0;
  let ended = false;
  const readHeader = async (): Promise<boolean> => {
    const newline = buffered.indexOf(10, SEALED_MAGIC.length);
    if (newline < 0) {
      if (buffered.length > MAX_HEADER_BYTES) throw new DamagedBackupError("The backup's header is damaged.");
      return false;
    }
    if (buffered.subarray(0, SEALED_MAGIC.length).toString() !== SEALED_MAGIC)
      throw new DamagedBackupError("This is not an encrypted Zavolah backup.");
    if (!passphrase) throw new BackupKeyError("This backup is encrypted: set BACKUP_KEY to the passphrase it was made with.");
    let header: THeader;
    try {
      header = JSON.parse(buffered.subarray(SEALED_MAGIC.length, newline).toString()) as THeader;
    } catch {
      throw new DamagedBackupError("The backup's header is damaged.");
    }
    if (header.kdf !== "scrypt" || header.N > 2 ** 20 || header.chunkBytes > 16 * CHUNK_BYTES)
      throw new DamagedBackupError("The backup's header is damaged.");
    const headerBytes = buffered.subarray(0, newline + 1);
    const key = await deriveKey(passphrase, header);
    const check = Buffer.from(keyCheck(key));
    if (
      typeof header.check !== "string" ||
      check.length !== Buffer.byteLength(header.check) ||
      !timingSafeEqual(check, Buffer.from(header.check))
    )
      throw new BackupKeyError("BACKUP_KEY does not open this backup: it was made with another key.");
    state = { key, headerBytes: Buffer.from(headerBytes), prefix: Buffer.from(header.prefix, "base64"), chunkBytes: header.chunkBytes };
    buffered = buffered.subarray(newline + 1);
    return true;
  };
  const open = (stream: Transform, final: boolean) => {
    while (state && buffered.length >= 4) {
      const length = buffered.readUInt32BE(0);
      if (length > state.chunkBytes) throw new DamagedBackupError("The backup is damaged (a chunk is longer than its header allows).");
      if (buffered.length < 4 + length + TAG_BYTES) break;
      if (ended) throw new DamagedBackupError("The backup has data after its end.");
      const body = buffered.subarray(4, 4 + length);
      const tag = buffered.subarray(4 + length, 4 + length + TAG_BYTES);
      buffered = buffered.subarray(4 + length + TAG_BYTES);
      // The last chunk is the one with nothing after it: try it as the last, then as an inner one.
      const last = final && buffered.length === 0;
      const plain = tryOpen(state, index, body, tag, last) ?? (last ? null : tryOpen(state, index, body, tag, true));
      if (!plain) throw new DamagedBackupError(`The backup is damaged: part ${index + 1} does not match its seal.`);
      if (plain.last) ended = true;
      index++;
      stream.push(plain.data);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = Buffer.concat([buffered, chunk]);
      (async () => {
        if (!state && !(await readHeader())) return;
        open(this, false);
      })().then(() => done(), done);
    },
    flush(done: TransformCallback) {
      (async () => {
        if (!state && !(await readHeader())) throw new DamagedBackupError("The backup is cut short.");
        open(this, true);
        if (!ended || buffered.length > 0) throw new DamagedBackupError("The backup is cut short: its last part is missing.");
      })().then(() => done(), done);
    },
  });
}

function tryOpen(
  state: { key: Buffer; headerBytes: Buffer; prefix: Buffer },
  index: number,
  body: Buffer,
  tag: Buffer,
  last: boolean,
): { data: Buffer; last: boolean } | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", state.key, nonce(state.prefix, index, last));
    decipher.setAAD(state.headerBytes);
    decipher.setAuthTag(tag);
    return { data: Buffer.concat([decipher.update(body), decipher.final()]), last };
  } catch {
    return null;
  }
}
