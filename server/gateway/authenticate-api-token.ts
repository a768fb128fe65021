import { and, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TApiPlatform } from "@domain/gateway/api-input";
import { accounts as passwords, users } from "../auth/schema";
import { viewerFromRows } from "../auth/viewer";
import { userCapabilities } from "../users/schema";
import { getDb } from "../db/client";
import { ACCESS_PREFIX, isTokenText, tokenHash } from "./api-tokens";
import { apiAccessTokens, apiDevices, apiTokenFamilies } from "./schema";

export type TApiCaller = {
  viewer: TViewer;
  emailVerified: boolean;
  phone: string | null;
  updatedAt: Date;
  /** Our id of the device and the client's own. */
  deviceId: string;
  clientDeviceId: string;
  /** When the access token stops working (an MQTT session signed in with it ends then). */
  expiresAt: Date;
};

/**
 * A family signed in before the account's password last changed (or was reset) is over: changing the password signs
 * every device out, as it does the website's other sessions (docs/product/api-gateway.md#tokens). The credential row's
 * `updated_at` is written by better-auth whenever the password is.
 */
export const signedInSincePasswordChange = or(isNull(passwords.updatedAt), gte(apiTokenFamilies.createdAt, passwords.updatedAt));

/**
 * The app cannot take a second sign-in step yet, so an account with two-factor on signs in to it with no token at all
 * (sign-in-device.ts); a family of such an account was made before two-factor was turned on and is over, even if
 * turning it on could not end it (docs/product/api-gateway.md#tokens).
 */
export const withoutSecondFactor = eq(users.twoFactorEnabled, false);

/** How stale a device's "last seen" may get before a request writes it again. */
export const LAST_SEEN_STEP_MS = 60_000;

/**
 * The person and device an access token stands for (docs/product/api-gateway.md#tokens), or null when it is unknown,
 * expired, or its family or device was signed out. Role and capabilities are read fresh, so a change counts at once.
 */
export async function authenticateApiToken(token: string, platform: TApiPlatform, now = new Date()): Promise<TApiCaller | null> {
  if (!isTokenText(token, ACCESS_PREFIX)) return null;
  const db = getDb();
  // One statement: the token, its family and device, the password's last change, the person and their capabilities.
  const [row] = await db
    .select({
      deviceId: apiDevices.id,
      clientId: apiDevices.clientId,
      lastSeenAt: apiDevices.lastSeenAt,
      expiresAt: apiAccessTokens.expiresAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        image: users.image,
        emailVerified: users.emailVerified,
        phone: users.phone,
        updatedAt: users.updatedAt,
      },
      capabilities: sql<
        string[]
      >`coalesce((select array_agg(${userCapabilities.capability}) from ${userCapabilities} where ${userCapabilities.userId} = ${users.id}), '{}')`,
    })
    .from(apiAccessTokens)
    .innerJoin(apiTokenFamilies, eq(apiTokenFamilies.id, apiAccessTokens.familyId))
    .innerJoin(apiDevices, eq(apiDevices.id, apiTokenFamilies.deviceId))
    .innerJoin(users, eq(users.id, apiTokenFamilies.userId))
    .leftJoin(passwords, and(eq(passwords.userId, apiTokenFamilies.userId), eq(passwords.providerId, "credential")))
    .where(
      and(
        eq(apiAccessTokens.hash, tokenHash(token)),
        gt(apiAccessTokens.expiresAt, now),
        isNull(apiTokenFamilies.revokedAt),
        isNull(apiDevices.signedOutAt),
        signedInSincePasswordChange,
        withoutSecondFactor,
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_STEP_MS)
    await db
      .update(apiDevices)
      .set({ lastSeenAt: now, platform })
      .where(and(eq(apiDevices.id, row.deviceId), lt(apiDevices.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS))));
  const { user } = row;
  return {
    viewer: viewerFromRows(user, row.capabilities),
    emailVerified: user.emailVerified,
    phone: user.phone ?? null,
    updatedAt: user.updatedAt,
    deviceId: row.deviceId,
    clientDeviceId: row.clientId,
    expiresAt: row.expiresAt,
  };
}
