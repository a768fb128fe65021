import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { beginSignInAttempt, RateLimitedError, signInSucceeded } from "./rate-limits";

export type TSignInResult =
  | { ok: true; headers: Headers; name: string; twoFactorRequired: false }
  | { ok: true; headers: Headers; twoFactorRequired: true }
  | { ok: false; status: number; message: string };

/** Password sign-in with the failure limits of docs/product/accounts.md#rate-limits. On success the headers carry the session cookie. */
export async function signIn(email: string, password: string, ip: string, requestHeaders: Headers): Promise<TSignInResult> {
  try {
    await beginSignInAttempt(email, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return { ok: false, status: 429, message: e.message };
    throw e;
  }
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await signInSucceeded(email, ip);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return { ok: true, headers, twoFactorRequired: true };
    return { ok: true, headers, name: (response as { user: { name: string } }).user.name, twoFactorRequired: false };
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "EMAIL_NOT_VERIFIED") {
      await signInSucceeded(email, ip); // the password was right
      return { ok: false, status: 403, message: "Please confirm your e-mail address first. We have sent you a new confirmation link." };
    }
    return { ok: false, status: 401, message: "Invalid email or password" };
  }
}

/** Second step for accounts with two-factor: a TOTP code or a recovery code. */
export async function verifySecondFactor(code: string, kind: "totp" | "recovery", ip: string, requestHeaders: Headers) {
  const key = `2fa:${ip}`;
  try {
    await beginSignInAttempt(key, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return { ok: false as const, message: e.message };
    throw e;
  }
  try {
    const api = getAuth().api;
    const { headers } =
      kind === "totp"
        ? await api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers: requestHeaders, returnHeaders: true });
    await signInSucceeded(key, ip);
    return { ok: true as const, headers };
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return {
      ok: false as const,
      message: kind === "totp" ? "That code is not valid. Check your authenticator app and try again." : "That recovery code is not valid.",
    };
  }
}
