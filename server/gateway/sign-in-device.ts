import { and, eq, isNull, sql } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TApiLogin } from "@domain/gateway/api-input";
import { formatNigerianPhone } from "@domain/nigeria/phone";
import { getAuth } from "../auth/auth";
import { beginSignInAttempt, RateLimitedError, signInSucceeded } from "../auth/rate-limits";
import { readSecondFactors } from "../auth/read-second-factors";
import { accounts, users } from "../auth/schema";
import { readViewerById } from "../auth/viewer";
import { getDb, type Tx } from "../db/client";
import { ACCESS_PREFIX, ACCESS_TOKEN_SECONDS, accessExpiry, newToken, REFRESH_PREFIX, refreshExpiry, tokenHash } from "./api-tokens";
import { apiUserView, type TApiUser } from "./api-user";
import { apiAccessTokens, apiDevices, apiRefreshTokens, apiTokenFamilies } from "./schema";

export type TIssuedTokens = { token: string; refreshToken: string; expiresIn: number };

/** The account an e-mail address or a phone number names; a phone shared by two accounts names none. */
async function findAccount(input: TApiLogin) {
  const db = getDb();
  if (input.email)
    return (
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      )[0] ?? null
    );
  const international = formatNigerianPhone(input.phone!).slice(1); // 234...
  const national = `0${international.slice(3)}`;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') in (${international}, ${national})`)
    .limit(2);
  return found.length === 1 ? found[0]! : null;
}

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
  const subject = input.email?.toLowerCase() ?? formatNigerianPhone(input.phone!);
  try {
    await beginSignInAttempt(subject, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const wrong = refuse("unauthenticated", input.email ? "Invalid email or password" : "Invalid phone number or password");
  const account = await findAccount(input);
  const [credential] = account
    ? await getDb()
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, account.id), eq(accounts.providerId, "credential")))
    : [];
  const ctx = await getAuth().$context;
  if (!account || !credential?.hash || !(await ctx.password.verify({ password: input.password, hash: credential.hash }))) return wrong;
  await signInSucceeded(subject, ip);
  const factors = await readSecondFactors(getDb(), account.id);
  if (factors.totp || factors.phone)
    return refuse(
      "forbidden",
      "Your account asks for a second sign-in step, which the app cannot take yet: sign in on the website, or turn the second step off in your account.",
    );

  return getDb().transaction(async (tx) => {
    const person = await readViewerById(tx, account.id);
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
      .values({ userId: account.id, clientId: input.deviceInfo.id, ...device })
      .onConflictDoUpdate({ target: [apiDevices.userId, apiDevices.clientId], set: device })
      .returning({ id: apiDevices.id });
    await revokeDeviceTokens(tx, row!.id, "signed_in_again", now);
    const [family] = await tx
      .insert(apiTokenFamilies)
      .values({ deviceId: row!.id, userId: account.id })
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
