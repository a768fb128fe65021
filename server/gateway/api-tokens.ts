import { createHash, createHmac, randomBytes } from "node:crypto";
import { authSecret } from "../env";

// The gateway's tokens (docs/product/api-gateway.md#tokens): opaque random text with a prefix that says what it is
// (so a leaked one is recognisable), kept only as its SHA-256. A refresh token's successor pair is derived from it
// with the server's key, so a retried refresh within the grace window can be answered with the same pair without
// any token's text being stored.

/** How long an access token lives, in seconds (`expiresIn`). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** How long an unused refresh token lives. */
export const REFRESH_TOKEN_DAYS = 30;
/** How long after a refresh the same refresh token still gets the same new pair (a retry after a lost answer). */
export const REFRESH_GRACE_SECONDS = 30;

export const ACCESS_PREFIX = "zat_";
export const REFRESH_PREFIX = "zrt_";
const TOKEN_TEXT = /^(zat|zrt)_[A-Za-z0-9_-]{43}$/;

/** Whether a text has a token's shape; anything else is refused before the database is asked. */
export const isTokenText = (text: string, prefix: typeof ACCESS_PREFIX | typeof REFRESH_PREFIX) =>
  text.startsWith(prefix) && TOKEN_TEXT.test(text);

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export const newToken = (prefix: typeof ACCESS_PREFIX | typeof REFRESH_PREFIX) => `${prefix}${randomBytes(32).toString("base64url")}`;

/** The access and refresh tokens that follow `refreshToken`: the same every time for the same token. */
export function successorPair(refreshToken: string): { accessToken: string; refreshToken: string } {
  const derive = (purpose: string) => createHmac("sha256", authSecret()).update(`api-token:${purpose}:${refreshToken}`).digest("base64url");
  return { accessToken: `${ACCESS_PREFIX}${derive("access")}`, refreshToken: `${REFRESH_PREFIX}${derive("refresh")}` };
}

export const accessExpiry = (now: Date) => new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
export const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
