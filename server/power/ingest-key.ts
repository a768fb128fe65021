import { createHash, randomBytes } from "node:crypto";

// A gateway's ingest key (docs/product/power-tracking.md#keys): random, shown once, kept only as its SHA-256 (a key is
// 32 random bytes, so a fast hash is enough; there is nothing to guess).

export const INGEST_KEY_PREFIX = "zpk_";

export function generateIngestKey(): string {
  return `${INGEST_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashIngestKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export const keyHint = (key: string) => key.slice(-4);
