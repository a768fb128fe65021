import { refuse, type TResult } from "@domain/errors/app-error";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { beginSignInAttempt, RateLimitedError, signInSucceeded } from "./rate-limits";

export type TSignInResult = TResult<
  { headers: Headers; name: string; twoFactorRequired: false } | { headers: Headers; twoFactorRequired: true }
>;

/** Password sign-in with the failure limits of docs/product/accounts.md#rate-limits. On success the headers carry the session cookie. */
export async function signIn(email: string, password: string, ip: string, requestHeaders: Headers): Promise<TSignInResult> {
  try {
    await beginSignInAttempt(email, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
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
      return refuse("forbidden", "Please confirm your e-mail address first. We have sent you a new confirmation link.");
    }
    return refuse("unauthenticated", "Invalid email or password");
  }
}
