import { and, eq, isNull } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { accounts as passwords, users } from "../auth/schema";
import { getDb } from "../db/client";
import { log } from "../log";
import {
  ACCESS_TOKEN_SECONDS,
  accessExpiry,
  isTokenText,
  REFRESH_GRACE_SECONDS,
  REFRESH_PREFIX,
  refreshExpiry,
  successorPair,
  tokenHash,
} from "./api-tokens";
import { signedInSincePasswordChange, withoutSecondFactor } from "./authenticate-api-token";
import type { TIssuedTokens } from "./sign-in-device";
import { revokeDeviceTokens } from "./sign-in-device";
import { apiAccessTokens, apiDevices, apiRefreshTokens, apiTokenFamilies } from "./schema";

const EXPIRED = "Your session has ended: sign in again.";

/**
 * A refresh token is exchanged for a new pair, every time (docs/product/api-gateway.md#tokens, RFC 9700 4.14.2): the
 * old one is dead once used. The same token again within the grace window (a retry after a lost answer, or two
 * requests at once) gets the same new pair; after it, the reuse means the token may have been stolen, so the whole
 * family and the device's other tokens are revoked and both holders must sign in again. The token row is locked, so
 * two refreshes at once rotate once.
 */
export async function refreshDeviceTokens(refreshToken: string, now = new Date()): Promise<TResult<TIssuedTokens>> {
  if (!isTokenText(refreshToken, REFRESH_PREFIX)) return refuse("unauthenticated", EXPIRED);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ token: apiRefreshTokens, family: apiTokenFamilies })
      .from(apiRefreshTokens)
      .innerJoin(apiTokenFamilies, eq(apiTokenFamilies.id, apiRefreshTokens.familyId))
      .innerJoin(users, eq(users.id, apiTokenFamilies.userId))
      .leftJoin(passwords, and(eq(passwords.userId, apiTokenFamilies.userId), eq(passwords.providerId, "credential")))
      .where(and(eq(apiRefreshTokens.hash, tokenHash(refreshToken)), signedInSincePasswordChange, withoutSecondFactor))
      .for("update", { of: apiRefreshTokens });
    if (!row || row.family.revokedAt || row.token.expiresAt <= now) return refuse("unauthenticated", EXPIRED);
    const next = successorPair(refreshToken);
    const nextHash = tokenHash(next.refreshToken);

    if (row.token.rotatedAt) {
      const [successor] = await tx.select().from(apiRefreshTokens).where(eq(apiRefreshTokens.hash, nextHash));
      const [access] = await tx
        .select()
        .from(apiAccessTokens)
        .where(eq(apiAccessTokens.hash, tokenHash(next.accessToken)));
      const withinGrace = now.getTime() - row.token.rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000;
      if (withinGrace && successor && !successor.rotatedAt && access)
        return succeed({
          token: next.accessToken,
          refreshToken: next.refreshToken,
          expiresIn: Math.max(0, Math.round((access.expiresAt.getTime() - now.getTime()) / 1000)),
        });
      // Used again after its successor was issued: the family is compromised (RFC 9700 4.14.2).
      await revokeDeviceTokens(tx, row.family.deviceId, "refresh_reused", now);
      await tx.update(apiDevices).set({ signedOutAt: now }).where(eq(apiDevices.id, row.family.deviceId));
      log.warn(
        { familyId: row.family.id, deviceId: row.family.deviceId },
        "a rotated refresh token was used again: the device is signed out",
      );
      return refuse("unauthenticated", "This sign-in was used from somewhere else, so it has been ended for your safety: sign in again.");
    }

    const [device] = await tx
      .select({ id: apiDevices.id })
      .from(apiDevices)
      .where(and(eq(apiDevices.id, row.family.deviceId), isNull(apiDevices.signedOutAt)));
    if (!device) return refuse("unauthenticated", EXPIRED);
    await tx.update(apiRefreshTokens).set({ rotatedAt: now, successorHash: nextHash }).where(eq(apiRefreshTokens.hash, row.token.hash));
    await tx.insert(apiRefreshTokens).values({ hash: nextHash, familyId: row.family.id, expiresAt: refreshExpiry(now) });
    await tx.insert(apiAccessTokens).values({ hash: tokenHash(next.accessToken), familyId: row.family.id, expiresAt: accessExpiry(now) });
    await tx.update(apiDevices).set({ lastSeenAt: now }).where(eq(apiDevices.id, device.id));
    return succeed({ token: next.accessToken, refreshToken: next.refreshToken, expiresIn: ACCESS_TOKEN_SECONDS });
  });
}
