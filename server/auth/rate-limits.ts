import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";

// SPEC 9: 5 failures per 15-minute window, counted per account and per IP.
// One process keeps the counters in memory (see docs/decisions for the scale-out gap).
const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS = 5;

function limiter(keyPrefix: string) {
  // points is only the ceiling for consume(); blockedFor() applies each key's own limit.
  return new RateLimiterMemory({ keyPrefix, points: Math.max(ATTEMPTS, env.SIGN_IN_IP_MAX_FAILURES) + 1, duration: WINDOW_SECONDS });
}

const signInFailures = limiter("sign-in");
const resetRequests = limiter("reset");

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
  }
}

const limitFor = (key: string) => (key.startsWith("ip:") ? env.SIGN_IN_IP_MAX_FAILURES : ATTEMPTS);

async function blockedFor(rl: RateLimiterMemory, keys: string[]): Promise<number> {
  let wait = 0;
  for (const key of keys) {
    const res = await rl.get(key);
    if (res && res.consumedPoints >= limitFor(key)) wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
  }
  return wait;
}

async function consume(rl: RateLimiterMemory, keys: string[]) {
  for (const key of keys) {
    await rl.consume(key).catch((e) => {
      if (!(e instanceof RateLimiterRes)) throw e;
    });
  }
}

const signInKeys = (email: string, ip: string) => [`acct:${email}`, `ip:${ip}`];

/** Throws RateLimitedError when the account or the IP has used up its failures. */
export async function assertSignInAllowed(email: string, ip: string) {
  const wait = await blockedFor(signInFailures, signInKeys(email, ip));
  if (wait > 0) throw new RateLimitedError(wait);
}

export async function recordSignInFailure(email: string, ip: string) {
  await consume(signInFailures, signInKeys(email, ip));
}

export async function clearSignInFailures(email: string) {
  await signInFailures.delete(`acct:${email}`);
}

/** Password-reset requests count every request (not just failures): 5 per window per e-mail and per IP. */
export async function consumeResetRequest(email: string, ip: string) {
  const keys = signInKeys(email, ip);
  const wait = await blockedFor(resetRequests, keys);
  if (wait > 0) throw new RateLimitedError(wait);
  await consume(resetRequests, keys);
}
