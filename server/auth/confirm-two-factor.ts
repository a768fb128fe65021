import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import type { TFailure } from "./password-guess-limit";

/**
 * Step 2 of enrolment: the first valid code turns two-factor on. better-auth replaces the session when it
 * does; the headers carry the new cookie.
 */
export async function confirmTwoFactor(requestHeaders: Headers, code: string): Promise<{ ok: true; headers: Headers } | TFailure> {
  try {
    const { headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return { ok: false, message: "That code is not valid. Check the time on your phone and try again." };
  }
}
