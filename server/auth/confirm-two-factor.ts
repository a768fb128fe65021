import { getDb } from "../db/client";
import { endApiSignIns } from "../gateway/sign-in-device";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";

/**
 * Step 2 of enrolment: the first valid code turns two-factor on. better-auth replaces the session when it
 * does; the headers carry the new cookie. The app's sign-ins made before end (docs/product/api-gateway.md#tokens):
 * they skipped the step the account now asks for.
 */
export async function confirmTwoFactor(userId: string, requestHeaders: Headers, code: string): Promise<TResult<{ headers: Headers }>> {
  let headers: Headers;
  try {
    ({ headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true }));
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return refuse("invalid_input", "That code is not valid. Check the time on your phone and try again.");
  }
  await getDb().transaction((tx) => endApiSignIns(tx, userId, "second_factor_on"));
  return succeed({ headers });
}
