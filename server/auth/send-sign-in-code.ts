import { refuse, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { smsConfigured } from "../messaging/transports";
import { pendingSignInUser, SIGN_IN_TIMED_OUT } from "./pending-sign-in";
import { readSecondFactors } from "./read-second-factors";
import { sendSmsCode } from "./sms-codes";

/**
 * At sign-in, after the right password: texts a code to the account's verified phone (never to an unverified one),
 * within the resend limits (docs/product/accounts.md#two-factor-authentication).
 */
export async function textSignInCode(userId: string): Promise<TResult<{ phone: string }>> {
  if (!smsConfigured())
    return refuse("unavailable", "We cannot send text messages right now. Use your authenticator app or a recovery code.");
  return getDb().transaction(async (tx) => {
    const { phone } = await readSecondFactors(tx, userId);
    if (!phone)
      return refuse("not_found", "Text message codes are not set up for this account. Use your authenticator app or a recovery code.");
    return sendSmsCode(tx, userId, { phoneId: phone.id }, "sign-in");
  });
}

/** "Send a new code" in the sign-in dialog's second step: for the sign-in waiting on this browser. */
export async function sendSignInCode(requestHeaders: Headers): Promise<TResult<{ phone: string }>> {
  const userId = await pendingSignInUser(requestHeaders);
  if (!userId) return refuse("unauthenticated", SIGN_IN_TIMED_OUT);
  return textSignInCode(userId);
}
