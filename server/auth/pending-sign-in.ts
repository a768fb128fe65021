import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";

// The sign-in waiting for its second step, read from better-auth's two_factor cookie (pending-second-factor.ts).

export const SIGN_IN_TIMED_OUT = "Your sign-in has timed out. Enter your e-mail and password again.";

/** Whose password was right on this browser in the last 10 minutes, with the second step still to do; or null. */
export async function pendingSignInUser(requestHeaders: Headers): Promise<string | null> {
  const { userId } = await getAuth().api.pendingSecondFactorUser({ headers: requestHeaders });
  return userId;
}

/** Signs `userId` in on this browser once its second factor was right: the headers carry the session cookie. Null if the pending sign-in is gone. */
export async function finishPendingSignIn(requestHeaders: Headers, userId: string): Promise<Headers | null> {
  try {
    const { headers } = await getAuth().api.finishSecondFactorSignIn({ body: { userId }, headers: requestHeaders, returnHeaders: true });
    return headers;
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return null;
  }
}
