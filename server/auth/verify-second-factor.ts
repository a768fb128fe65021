import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { beginSignInAttempt, RateLimitedError, signInSucceeded } from "./rate-limits";

/** Second step for accounts with two-factor: a TOTP code or a recovery code. */
export async function verifySecondFactor(
  code: string,
  kind: "totp" | "recovery",
  ip: string,
  requestHeaders: Headers,
): Promise<TResult<{ headers: Headers }>> {
  const key = `2fa:${ip}`;
  try {
    await beginSignInAttempt(key, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  try {
    const api = getAuth().api;
    const { headers } =
      kind === "totp"
        ? await api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers: requestHeaders, returnHeaders: true });
    await signInSucceeded(key, ip);
    return succeed({ headers });
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return refuse(
      "unauthenticated",
      kind === "totp" ? "That code is not valid. Check your authenticator app and try again." : "That recovery code is not valid.",
      { field: "code" },
    );
  }
}
