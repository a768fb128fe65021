import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDbHandle, type DbHandle } from "../db/client";
import { env } from "../env";
import { rateLimits } from "./schema";

// SPEC 9: 5 failures per 15-minute window, counted per account and per IP.
// Counters live in the database, so several instances (and restarts) share them.
const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS = 5;

type TLimiter = RateLimiterDrizzle;

function limiter(keyPrefix: string, handle: DbHandle): TLimiter {
  // points is only the ceiling for consume(); blockedFor() applies each key's own limit.
  return new RateLimiterDrizzle({
    storeClient: handle.db,
    schema: rateLimits,
    keyPrefix,
    points: Math.max(ATTEMPTS, env.SIGN_IN_IP_MAX_FAILURES) + 1,
    duration: WINDOW_SECONDS,
  });
}

// One pair per database handle (tests open several).
let cached: { handle: DbHandle; signIn: TLimiter; reset: TLimiter } | undefined;
function limiters() {
  const handle = getDbHandle();
  if (!cached || cached.handle !== handle) cached = { handle, signIn: limiter("sign-in", handle), reset: limiter("reset", handle) };
  return cached;
}

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
  }
}

const limitFor = (key: string) => (key.startsWith("ip:") ? env.SIGN_IN_IP_MAX_FAILURES : ATTEMPTS);

async function blockedFor(rl: TLimiter, keys: string[]): Promise<number> {
  let wait = 0;
  for (const key of keys) {
    const res = await rl.get(key);
    if (res && res.consumedPoints >= limitFor(key)) wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
  }
  return wait;
}

async function consume(rl: TLimiter, keys: string[]) {
  for (const key of keys) {
    await rl.consume(key).catch((e) => {
      if (!(e instanceof RateLimiterRes)) throw e;
    });
  }
}

const signInKeys = (email: string, ip: string) => [`acct:${email}`, `ip:${ip}`];

/** Throws RateLimitedError when the account or the IP has used up its failures. */
export async function assertSignInAllowed(email: string, ip: string) {
  const wait = await blockedFor(limiters().signIn, signInKeys(email, ip));
  if (wait > 0) throw new RateLimitedError(wait);
}

export async function recordSignInFailure(email: string, ip: string) {
  await consume(limiters().signIn, signInKeys(email, ip));
}

export async function clearSignInFailures(email: string) {
  await limiters().signIn.delete(`acct:${email}`);
}

/** Password-reset requests count every request (not just failures): 5 per window per e-mail and per IP. */
export async function consumeResetRequest(email: string, ip: string) {
  const keys = signInKeys(email, ip);
  const wait = await blockedFor(limiters().reset, keys);
  if (wait > 0) throw new RateLimitedError(wait);
  await consume(limiters().reset, keys);
}
