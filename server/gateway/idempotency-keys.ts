import { and, eq, isNull, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { apiIdempotencyKeys } from "./schema";

// Idempotency keys of the JSON gateway (docs/product/api-gateway.md#idempotency-keys), as Stripe keeps them: a request
// that moves money carries a key of the client's; the first answer is kept and a retry with the same key and body gets
// it again, without running twice; the same key with another body is refused. Keys are kept 24 hours.

export const IDEMPOTENCY_KEY_HOURS = 24;
const HOUR_MS = 3_600_000;
/**
 * How long a first request may take before its key counts as abandoned (its process died before answering): a retry
 * after that runs the request again, which the operation itself makes safe (checkout's order is found by its key).
 */
export const IDEMPOTENCY_ABANDONED_SECONDS = 60;

export type TIdempotencyClaim =
  { kind: "new" } | { kind: "replay"; status: number; body: unknown } | { kind: "mismatch" } | { kind: "in_progress" };

/** Claims `key` for this request, or says what an earlier request with it left. */
export async function claimIdempotencyKey(userId: string, key: string, requestHash: string, now = new Date()): Promise<TIdempotencyClaim> {
  const db = getDb();
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS);
  await db
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key), lt(apiIdempotencyKeys.createdAt, expired)));
  const [claimed] = await db
    .insert(apiIdempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed) return { kind: "new" };
  const [held] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
  if (!held) return claimIdempotencyKey(userId, key, requestHash, now); // expired and removed meanwhile
  if (held.requestHash !== requestHash) return { kind: "mismatch" };
  if (held.responseStatus === null) {
    const abandoned = new Date(now.getTime() - IDEMPOTENCY_ABANDONED_SECONDS * 1000);
    // Taken over once: of two retries at the same moment, one gets the key and the other waits as before.
    const [taken] = await db
      .update(apiIdempotencyKeys)
      .set({ createdAt: now })
      .where(
        and(
          eq(apiIdempotencyKeys.userId, userId),
          eq(apiIdempotencyKeys.key, key),
          isNull(apiIdempotencyKeys.responseStatus),
          lt(apiIdempotencyKeys.createdAt, abandoned),
        ),
      )
      .returning({ key: apiIdempotencyKeys.key });
    return taken ? { kind: "new" } : { kind: "in_progress" };
  }
  return { kind: "replay", status: held.responseStatus, body: held.responseBody };
}

/** Keeps the answer given under `key`, for its retries. */
export async function recordIdempotentAnswer(userId: string, key: string, status: number, body: unknown) {
  await getDb()
    .update(apiIdempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
}

/** Frees `key` after a failure of ours (a 5xx), so a retry runs the request again. */
export async function releaseIdempotencyKey(userId: string, key: string) {
  await getDb()
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
}

/** Forgets keys older than 24 hours (the gateway's hourly clean-up). */
export async function forgetOldIdempotencyKeys(now = new Date()) {
  await getDb()
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS)));
}
