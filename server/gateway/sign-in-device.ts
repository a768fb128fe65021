import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TApiLogin } from "@domain/gateway/api-input";
import { getAuth } from "../auth/auth";
import { beginSignInAttempt, RateLimitedError, type TSignInAttempt } from "../auth/rate-limits";
import { readSecondFactors } from "../auth/read-second-factors";
import { accounts } from "../auth/schema";
import { appDeviceId, noteSignInDevice } from "../auth/remember-sign-in-device";
import { readViewerById } from "../auth/viewer";
import { recordAudit } from "../audit/record-audit";
import { getDb, type Tx } from "../db/client";
import { ACCESS_PREFIX, ACCESS_TOKEN_SECONDS, accessExpiry, newToken, REFRESH_PREFIX, refreshExpiry, tokenHash } from "./api-tokens";
import { apiUserView, type TApiUser } from "./api-user";
import { apiAccessTokens, apiDevices, apiRefreshTokens, apiTokenFamilies } from "./schema";

export type TIssuedTokens = { token: string; refreshToken: string; expiresIn: number };

let standIn: Promise<string> | undefined;
/** A hash of a random password, made once per process with the same scheme as real ones. */
const standInHash = () => (standIn ??= getAuth().$context.then((ctx) => ctx.password.hash(randomBytes(24).toString("base64url"))));

/**
 * Ends the open token families of a device (`reason` says why), so its tokens stop working at once. Shared by a new
 * sign-in on the same device, signing out, removing the device and a reused refresh token.
 */
export async function revokeDeviceTokens(tx: Tx, deviceId: string, reason: string, now: Date) {
  await tx
    .update(apiTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(apiTokenFamilies.deviceId, deviceId), isNull(apiTokenFamilies.revokedAt)));
}

/**
 * Ends every open token family of a person's devices (docs/product/api-gateway.md#tokens), inside the caller's
 * transaction: turning on two-factor, or changing the phone that receives its codes, signs every app out, since a
 * sign-in made before it skipped the step the account now asks for. Paired devices' credentials are not tokens of a
 * sign-in and stay. Audited when it ended any.
 */
export async function endApiSignIns(tx: Tx, userId: string, reason: "second_factor_on" | "second_factor_phone_changed", now = new Date()) {
  const ended = await tx
    .update(apiTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(apiTokenFamilies.userId, userId), isNull(apiTokenFamilies.revokedAt)))
    .returning({ id: apiTokenFamilies.id });
  if (ended.length > 0)
    await recordAudit(tx, {
      actorId: userId,
      action: "api.tokens.end",
      resourceType: "user",
      resourceId: userId,
      newData: { reason, families: ended.length },
    });
}

/**
 * A person signs in to the API from a device with their e-mail address or phone number and password
 * (docs/product/api-gateway.md#signing-in), under the site's sign-in limits. The device is recorded (or found again
 * by the client's id for it); a sign-in ends the device's earlier tokens, and gives a short-lived access token and a
 * refresh token, kept only as hashes. An account with a second sign-in step is sent to the website, which asks for it.
 */
export async function signInDevice(
  input: TApiLogin,
  ip: string,
  now = new Date(),
): Promise<TResult<TIssuedTokens & { user: TApiUser; deviceId: string }>> {
  let attempt: TSignInAttempt;
  try {
    attempt = await beginSignInAttempt(input.email ? { email: input.email } : { phone: input.phone! }, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const wrong = refuse("unauthenticated", input.email ? "Invalid email or password" : "Invalid phone number or password");
  const accountId = attempt.accountId;
  const [credential] = accountId
    ? await getDb()
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, accountId), eq(accounts.providerId, "credential")))
    : [];
  const ctx = await getAuth().$context;
  // An address or phone with no account (or no password) is checked against a stand-in hash, so the answer takes as
  // long as a wrong password does and its time does not tell who has an account.
  const hash = credential?.hash ?? (await standInHash());
  const right = await ctx.password.verify({ password: input.password, hash });
  if (!accountId || !credential?.hash || !right) return wrong;
  await attempt.succeeded();
  const factors = await readSecondFactors(getDb(), accountId);
  if (factors.totp || factors.phone)
    return refuse(
      "forbidden",
      "Your account asks for a second sign-in step, which the app cannot take yet: sign in on the website, or turn the second step off in your account.",
    );

  return getDb().transaction(async (tx) => {
    const person = await readViewerById(tx, accountId);
    if (!person) return wrong;
    const device = {
      type: input.deviceInfo.type,
      name: input.deviceInfo.name,
      platform: input.platform,
      lastSeenAt: now,
      signedOutAt: null,
    };
    const [row] = await tx
      .insert(apiDevices)
      .values({ userId: accountId, clientId: input.deviceInfo.id, ...device })
      .onConflictDoUpdate({ target: [apiDevices.userId, apiDevices.clientId], set: device })
      .returning({ id: apiDevices.id });
    await revokeDeviceTokens(tx, row!.id, "signed_in_again", now);
    // For refer-and-earn's same-device check: a friend registering on this phone is the person themselves.
    await noteSignInDevice(tx, accountId, appDeviceId(input.deviceInfo.id));
    const [family] = await tx
      .insert(apiTokenFamilies)
      .values({ deviceId: row!.id, userId: accountId })
      .returning({ id: apiTokenFamilies.id });
    const token = newToken(ACCESS_PREFIX);
    const refreshToken = newToken(REFRESH_PREFIX);
    await tx.insert(apiRefreshTokens).values({ hash: tokenHash(refreshToken), familyId: family!.id, expiresAt: refreshExpiry(now) });
    await tx.insert(apiAccessTokens).values({ hash: tokenHash(token), familyId: family!.id, expiresAt: accessExpiry(now) });
    return succeed({
      token,
      refreshToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
      deviceId: input.deviceInfo.id,
      user: apiUserView(person, input.platform, now),
    });
  });
}
