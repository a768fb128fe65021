import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// PINs are kept as scrypt hashes (docs/product/zavcharge.md#pins): a 6-digit PIN has only a million values, so
// the hash is slow on purpose and guesses are capped by the rate limit, not by the hash alone.

const PARAMS: ScryptOptions = { N: 16_384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin.normalize("NFKC"), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** "scrypt$<salt hex>$<key hex>". */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("hex")}$${(await derive(pin, salt)).toString("hex")}`;
}

/** Constant-time comparison; a malformed or missing hash never matches. */
export async function verifyPin(pin: string, stored: string | null): Promise<boolean> {
  const [scheme, saltHex, keyHex] = (stored ?? "").split("$");
  if (scheme !== "scrypt" || !saltHex || !keyHex) {
    await derive(pin, randomBytes(16)); // the same work either way
    return false;
  }
  const expected = Buffer.from(keyHex, "hex");
  const actual = await derive(pin, Buffer.from(saltHex, "hex"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
