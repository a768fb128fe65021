import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";

/**
 * Step 2 of enrolment: the first valid code turns two-factor on. better-auth replaces the session when it
 * does; the headers carry the new cookie.
 */
export async function confirmTwoFactor(requestHeaders: Headers, code: string): Promise<TResult<{ headers: Headers }>> {
  try {
    const { headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true });
    return succeed({ headers });
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return refuse("invalid_input", "That code is not valid. Check the time on your phone and try again.");
  }
}
