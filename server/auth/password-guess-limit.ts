import { refuse, type TFailure } from "@domain/errors/app-error";
import { authErrorCode } from "./auth-errors";
import { beginSignInAttempt, RateLimitedError, type TSignInAttempt } from "./rate-limits";

/** Who is asking, for the password-guess limit (a stolen session must not allow unlimited guesses). */
export type TAsker = { headers: Headers; email: string; ip: string };

/** Runs a check of the current password under the sign-in limits. */
export async function withPasswordLimit<T extends { ok: boolean }>(asker: TAsker, check: () => Promise<T>): Promise<T | TFailure> {
  let attempt: TSignInAttempt;
  try {
    attempt = await beginSignInAttempt(asker.email, asker.ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const result = await check();
  if (result.ok) await attempt.succeeded();
  return result;
}

/** better-auth's refusal of the current password, as the account page says it. */
export function wrongPassword(error: unknown, fallback: string): TFailure {
  const auth = authErrorCode(error);
  if (!auth) throw error;
  if (auth.code === "INVALID_PASSWORD" || auth.code === "INVALID_EMAIL_OR_PASSWORD")
    return refuse("invalid_input", "Your current password is not correct");
  return refuse("invalid_input", auth.message || fallback);
}
