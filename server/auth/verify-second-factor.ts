import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TSecondStepMethod } from "@domain/auth/second-factor";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { finishPendingSignIn, pendingSignInUser, SIGN_IN_TIMED_OUT } from "./pending-sign-in";
import { beginSecondFactorAttempt, RateLimitedError, secondFactorSucceeded } from "./rate-limits";
import { noteSecondFactorSession } from "./second-factor-session";
import { checkSmsCode } from "./sms-codes";

const WRONG: Record<TSecondStepMethod, string> = {
  sms: "That code is not valid. Check the text message and try again.",
  totp: "That code is not valid. Check your authenticator app and try again.",
  recovery: "That recovery code is not valid.",
};

/**
 * The second step of a sign-in with two-factor: a texted code, an authenticator code or a recovery code. Every try is
 * counted first, for the account whose password was given (whatever the IP) and for the IP; only a right second factor
 * clears the account's count (docs/product/accounts.md#rate-limits).
 */
export async function verifySecondFactor(
  code: string,
  kind: TSecondStepMethod,
  ip: string,
  requestHeaders: Headers,
): Promise<TResult<{ headers: Headers }>> {
  const userId = await pendingSignInUser(requestHeaders);
  if (!userId) return refuse("unauthenticated", SIGN_IN_TIMED_OUT);
  try {
    await beginSecondFactorAttempt(userId, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }

  if (kind === "sms") {
    const checked = await getDb().transaction((tx) => checkSmsCode(tx, userId, "sign-in", code));
    if (!checked.ok) return checked;
    const headers = await finishPendingSignIn(requestHeaders, userId);
    if (!headers) return refuse("unauthenticated", SIGN_IN_TIMED_OUT);
    await noteSecondFactorSession(headers);
    await secondFactorSucceeded(userId, ip);
    return succeed({ headers });
  }

  try {
    const api = getAuth().api;
    const { headers } =
      kind === "totp"
        ? await api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers: requestHeaders, returnHeaders: true });
    await noteSecondFactorSession(headers);
    await secondFactorSucceeded(userId, ip);
    return succeed({ headers });
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return refuse("unauthenticated", WRONG[kind], { field: "code" });
  }
}
