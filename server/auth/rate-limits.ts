import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDbHandle, type DbHandle } from "../db/client";
import { env } from "../env";
import { rateLimits } from "./schema";

// docs/product/accounts.md#rate-limits: 5 attempts per 15-minute window, counted per account (or address) and per IP. Counters live in
// the database, so several instances and restarts share them. Every attempt is counted *before* the
// password is checked (one atomic upsert), so parallel guesses cannot all slip past a read-then-write check.
const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS = 5;

const KINDS = [
  "sign-in",
  "second-factor",
  "reset",
  "sign-up",
  "contact",
  "newsletter",
  "booking",
  "lookup",
  "pin",
  "pin-reset",
  "bank-check",
] as const;
type TKind = (typeof KINDS)[number];
/** Public forms that send e-mail or store what a stranger typed: the same 5 per window per address and per IP. */
export type TFormKind = Extract<TKind, "contact" | "newsletter" | "booking">;

const limitFor = (key: string) => (key.startsWith("ip:") ? env.SIGN_IN_IP_MAX_FAILURES : ATTEMPTS);

function limiter(keyPrefix: TKind, handle: DbHandle) {
  return new RateLimiterDrizzle({
    storeClient: handle.db,
    schema: rateLimits,
    keyPrefix,
    // Only a ceiling for the store; take() applies each key's own limit.
    points: 1_000_000,
    duration: WINDOW_SECONDS,
  });
}

// One set per database handle (tests open several).
let cached: { handle: DbHandle; limiters: Record<TKind, RateLimiterDrizzle> } | undefined;
function limiterFor(kind: TKind) {
  const handle = getDbHandle();
  if (!cached || cached.handle !== handle) {
    cached = { handle, limiters: Object.fromEntries(KINDS.map((k) => [k, limiter(k, handle)])) as Record<TKind, RateLimiterDrizzle> };
  }
  return cached.limiters[kind];
}

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
  }
}

const keysFor = (subject: string, ip: string) => [`acct:${subject.toLowerCase()}`, `ip:${ip}`];

/** Counts one attempt for the subject and the IP; throws RateLimitedError if either is now over its limit. */
async function take(kind: TKind, subject: string, ip: string) {
  const rl = limiterFor(kind);
  let wait = 0;
  for (const key of keysFor(subject, ip)) {
    const res = await rl.consume(key).catch((e) => {
      if (e instanceof RateLimiterRes) return e;
      throw e;
    });
    if (res.consumedPoints > limitFor(key)) wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
  }
  if (wait > 0) throw new RateLimitedError(wait);
}

/** Before checking a password (sign-in, or re-entering it on the account page). */
export const beginSignInAttempt = (subject: string, ip: string) => take("sign-in", subject, ip);

/** A correct answer: the account's failures are forgotten and the IP gets its attempt back. */
export async function signInSucceeded(subject: string, ip: string) {
  const [account, ipKey] = keysFor(subject, ip);
  const rl = limiterFor("sign-in");
  await rl.delete(account!);
  await rl.reward(ipKey!, 1);
}

/**
 * Before checking a second-factor code at sign-in (authenticator, texted or recovery code): 5 per window for the account
 * whose password was given, whatever the IP, and the IP's limit. The subject is the user id, so a right password (which
 * clears the sign-in counter of the address) leaves this one alone (docs/product/accounts.md#rate-limits).
 */
export const beginSecondFactorAttempt = (userId: string, ip: string) => take("second-factor", userId, ip);

/** A right second factor: only now are the account's code failures forgotten; the IP gets its attempt back. */
export async function secondFactorSucceeded(userId: string, ip: string) {
  const [account, ipKey] = keysFor(userId, ip);
  const rl = limiterFor("second-factor");
  await rl.delete(account!);
  await rl.reward(ipKey!, 1);
}

/**
 * A ZavCharge PIN (docs/product/zavcharge.md#pins), typed by the driver or on an attendant's screen: 5 per window
 * per subscription id and per IP, counted before the PIN is checked. The subject is the subscription id.
 */
export const beginPinAttempt = (subscriptionCode: string, ip: string) => take("pin", subscriptionCode, ip);

/** A right PIN: the id's failures are forgotten and the IP gets its attempt back. */
export async function pinSucceeded(subscriptionCode: string, ip: string) {
  const [account, ipKey] = keysFor(subscriptionCode, ip);
  const rl = limiterFor("pin");
  await rl.delete(account!);
  await rl.reward(ipKey!, 1);
}

/** PIN reset requests and reset codes: every one counts, 5 per window per subscription id and per IP. */
export const consumePinResetAttempt = (subscriptionCode: string, ip: string) => take("pin-reset", subscriptionCode, ip);

/** Reset and sign-up requests: every request counts, 5 per window per address and per IP. */
export const consumeResetRequest = (email: string, ip: string) => take("reset", email, ip);
export const consumeSignUpRequest = (email: string, ip: string) => take("sign-up", email, ip);

/** A public form submission (contact, newsletter, booking): throws RateLimitedError past the limit. */
export const consumeFormSubmission = (kind: TFormKind, email: string, ip: string) => take(kind, email, ip);

/**
 * Asking the payment provider whose a bank account is (docs/product/marketplace.md#payout-accounts): every check
 * counts, 5 per window per account and per IP, so nobody walks account numbers through us.
 */
export const consumeBankAccountCheck = (userId: string, ip: string) => take("bank-check", userId, ip);

/** Public lookups (certificate verification): reading only, so more per window, counted per IP. */
const LOOKUPS_PER_IP = 60;

/** One public lookup from this IP; throws RateLimitedError past LOOKUPS_PER_IP in the window. */
export async function consumePublicLookup(ip: string) {
  const res = await limiterFor("lookup")
    .consume(`ip:${ip}`)
    .catch((e) => {
      if (e instanceof RateLimiterRes) return e;
      throw e;
    });
  if (res.consumedPoints > LOOKUPS_PER_IP) throw new RateLimitedError(Math.ceil(res.msBeforeNext / 1000));
}
