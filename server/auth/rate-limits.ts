import { setTimeout as sleep } from "node:timers/promises";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getDb, getDbHandle, type DbHandle } from "../db/client";
import { sharedRedis } from "../db/redis";
import { env } from "../env";
import { findSignInAccount, identifierKey, type TSignInIdentifier } from "./find-sign-in-account";
import { rateLimits } from "./schema";
import { countRateLimited } from "../metrics/registry";

// docs/product/accounts.md#rate-limits: 5 attempts per 15-minute window, counted per account (or the address typed), and a
// coarse, higher ceiling per network address, which many strangers share behind a carrier's NAT: past half of it each
// try is slowed, past all of it refused. Counters live in Redis when REDIS_URL is set, else in the database: either way
// several instances and restarts share them. While Redis is unreachable they fall back to the database, never to
// process memory, which would give each instance its own count (docs/decisions/0037-several-instances-shared-services.md).
// Every attempt is counted *before* the password is checked (one atomic increment or upsert), so parallel guesses
// cannot all slip past a read-then-write check.
const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS = 5;
/** Past half the address's ceiling each try waits this much longer than the one before, up to the most below. */
export const ADDRESS_SLOW_STEP_MS = 250;
export const ADDRESS_MAX_DELAY_MS = 3000;

/**
 * What a network address's count in the window means (docs/product/accounts.md#shared-addresses): refused past the
 * ceiling; past half of it, slowed by a step more for each try; otherwise nothing.
 */
export function addressVerdict(attempts: number, ceiling: number): { blocked: boolean; delayMs: number } {
  if (attempts > ceiling) return { blocked: true, delayMs: 0 };
  const slowFrom = Math.floor(ceiling / 2);
  return {
    blocked: false,
    delayMs: attempts > slowFrom ? Math.min(ADDRESS_MAX_DELAY_MS, (attempts - slowFrom) * ADDRESS_SLOW_STEP_MS) : 0,
  };
}

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
  "referral-open",
  "device-pair",
] as const;
type TKind = (typeof KINDS)[number];
/** Public forms that send e-mail or store what a stranger typed: the same 5 per window per address and per IP. */
export type TFormKind = Extract<TKind, "contact" | "newsletter" | "booking">;

type TLimiter = RateLimiterDrizzle | RateLimiterRedis;

function limiter(keyPrefix: TKind, handle: DbHandle): TLimiter {
  const inDatabase = new RateLimiterDrizzle({
    storeClient: handle.db,
    schema: rateLimits,
    keyPrefix,
    // Only a ceiling for the store; take() applies each key's own limit.
    points: 1_000_000,
    duration: WINDOW_SECONDS,
  });
  const redis = sharedRedis();
  if (!redis) return inDatabase;
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.keyPrefix}${keyPrefix}`,
    points: 1_000_000,
    duration: WINDOW_SECONDS,
    rejectIfRedisNotReady: true,
    insuranceLimiter: inDatabase,
  });
}

// One set per database handle and Redis connection (tests open several).
let cached: { handle: DbHandle; redis: unknown; limiters: Record<TKind, TLimiter> } | undefined;
function limiterFor(kind: TKind) {
  const handle = getDbHandle();
  const redis = sharedRedis();
  if (!cached || cached.handle !== handle || cached.redis !== redis) {
    cached = { handle, redis, limiters: Object.fromEntries(KINDS.map((k) => [k, limiter(k, handle)])) as Record<TKind, TLimiter> };
  }
  return cached.limiters[kind];
}

const waitMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Please wait ${minutes} minute${minutes === 1 ? "" : "s"}`;
};

export class RateLimitedError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many attempts. ${waitMessage(retryAfterSeconds)} and try again.`,
  ) {
    super(message);
  }
}

const keysFor = (subject: string, ip: string) => [`acct:${subject.toLowerCase()}`, `ip:${ip}`];

const count = (rl: TLimiter, key: string) =>
  rl.consume(key).catch((e) => {
    if (e instanceof RateLimiterRes) return e;
    throw e;
  });

/** Counts one attempt under each key; the longest wait among the keys now over their limit, 0 if none is. */
async function consumeEach(kind: TKind, keys: readonly (readonly [key: string, limit: number])[]): Promise<Map<string, number>> {
  const rl = limiterFor(kind);
  const waits = new Map<string, number>();
  for (const [key, limit] of keys) {
    const res = await count(rl, key);
    if (res.consumedPoints > limit) waits.set(key, Math.ceil(res.msBeforeNext / 1000));
  }
  return waits;
}

/**
 * Counts one attempt under the account's (or address typed) key and the network address's; throws RateLimitedError
 * when the account is past its 5 or the network address past its ceiling, and slows a try past half that ceiling.
 */
async function takeKeys(kind: TKind, accountKey: string, ip: string) {
  const rl = limiterFor(kind);
  const account = await count(rl, accountKey);
  const address = await count(rl, `ip:${ip}`);
  const verdict = addressVerdict(address.consumedPoints, env.SIGN_IN_IP_MAX_FAILURES);
  const waits = [...(account.consumedPoints > ATTEMPTS ? [account.msBeforeNext] : []), ...(verdict.blocked ? [address.msBeforeNext] : [])];
  if (waits.length > 0) {
    countRateLimited(kind);
    throw new RateLimitedError(Math.ceil(Math.max(...waits) / 1000));
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);
}

/** Counts one attempt for the subject and the IP (takeKeys). */
const take = (kind: TKind, subject: string, ip: string) => takeKeys(kind, keysFor(subject, ip)[0]!, ip);

/** A password attempt under way: `succeeded` once the password was right. */
export type TSignInAttempt = { accountId: string | null; succeeded: () => Promise<void> };

/**
 * Before checking a password (sign-in on the site or the app, or re-entering it on the account page): counted per
 * account once the address or phone typed names one, so its 5 tries are the same by e-mail, by phone, on the site and
 * in the app; per the text typed when it names none.
 */
export async function beginSignInAttempt(identifier: string | TSignInIdentifier, ip: string): Promise<TSignInAttempt> {
  const typed = typeof identifier === "string" ? { email: identifier } : identifier;
  const account = await findSignInAccount(getDb(), typed);
  const accountKey = account ? `acct:user:${account.id}` : `acct:${identifierKey(typed)}`;
  await takeKeys("sign-in", accountKey, ip);
  return {
    accountId: account?.id ?? null,
    async succeeded() {
      // A correct answer: the account's failures are forgotten and the IP gets its attempt back.
      const rl = limiterFor("sign-in");
      await rl.delete(accountKey);
      await rl.reward(`ip:${ip}`, 1);
    },
  };
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

// ZavCharge PINs (docs/product/zavcharge.md#wrong-pins): the address that guesses is stopped first (5 tries per id from one
// address, and the IP limit across ids); the id itself stops PIN entry only when tries come from several addresses, and
// its owner lifts that with their password. So a stranger cannot keep a driver locked out on their own.
const PIN_TRIES_PER_ID_AND_ADDRESS = ATTEMPTS;
export const PIN_TRIES_PER_ID = 10;
const pinKeys = (code: string, ip: string) =>
  [
    [`id-ip:${code.toUpperCase()}:${ip}`, PIN_TRIES_PER_ID_AND_ADDRESS],
    [`ip:${ip}`, env.SIGN_IN_IP_MAX_FAILURES],
    [`acct:${code.toUpperCase()}`, PIN_TRIES_PER_ID],
  ] as const;

/**
 * A ZavCharge PIN, typed by the driver or on an attendant's screen: counted before the PIN is checked under the id and
 * address, the address, and the id. Throws RateLimitedError when one of them is over its limit.
 */
export async function beginPinAttempt(subscriptionCode: string, ip: string) {
  const keys = pinKeys(subscriptionCode, ip);
  const waits = await consumeEach("pin", keys);
  if (waits.size === 0) return;
  countRateLimited("pin");
  const wait = Math.max(...waits.values());
  const idOnly = waits.size === 1 && waits.has(keys[2][0]);
  throw new RateLimitedError(
    wait,
    idOnly
      ? `Too many wrong PINs were tried on this account. ${waitMessage(wait)}, or sign in with your e-mail and password to unlock PIN sign-in.`
      : undefined,
  );
}

/** A right PIN (or a PIN reset): this address's tries on the id are forgotten; the address and the id get theirs back. */
export async function pinSucceeded(subscriptionCode: string, ip: string) {
  const [idAndAddress, address, id] = pinKeys(subscriptionCode, ip);
  const rl = limiterFor("pin");
  await rl.delete(idAndAddress[0]);
  await rl.reward(address[0], 1);
  await rl.reward(id[0], 1);
}

/** Whether PIN entry is stopped for this id as a whole (tries from several addresses). */
export async function isPinIdLocked(subscriptionCode: string): Promise<boolean> {
  const res = await limiterFor("pin").get(`acct:${subscriptionCode.toUpperCase()}`);
  return (res?.consumedPoints ?? 0) >= PIN_TRIES_PER_ID;
}

/** The owner, signed in with their password, lifts the id's stop (docs/product/zavcharge.md#wrong-pins). */
export async function liftPinIdLock(subscriptionCode: string) {
  await limiterFor("pin").delete(`acct:${subscriptionCode.toUpperCase()}`);
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
export const consumePublicLookup = (ip: string) => consumePerIp("lookup", ip, LOOKUPS_PER_IP);

/** One request of `kind` from this IP; throws RateLimitedError past `max` in the window. */
async function consumePerIp(kind: TKind, ip: string, max: number) {
  const res = await limiterFor(kind)
    .consume(`ip:${ip}`)
    .catch((e) => {
      if (e instanceof RateLimiterRes) return e;
      throw e;
    });
  if (res.consumedPoints > max) throw new RateLimitedError(Math.ceil(res.msBeforeNext / 1000));
}

/** Pairing tries from one IP in the window (docs/product/api-gateway.md#arduino-devices). */
const PAIRING_TRIES_PER_IP = 10;

/** One try of a pairing code from this IP; throws RateLimitedError past PAIRING_TRIES_PER_IP in the window. */
export const consumePairingTry = (ip: string) => consumePerIp("device-pair", ip, PAIRING_TRIES_PER_IP);

/**
 * Whether opening a referral link counts in the programme's figures (docs/product/refer-and-earn.md#attribution): once
 * per code and address in the window, so reloading a link, or a script opening it, cannot inflate "links opened".
 */
export async function countsAsReferralOpen(code: string, ip: string): Promise<boolean> {
  const res = await limiterFor("referral-open")
    .consume(`open:${code}:${ip}`)
    .catch((e) => {
      if (e instanceof RateLimiterRes) return e;
      throw e;
    });
  return res.consumedPoints === 1;
}
