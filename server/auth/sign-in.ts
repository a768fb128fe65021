import { sql } from "drizzle-orm";
import { refuse, type TResult } from "@domain/errors/app-error";
import { maskedPhone, type TSecondStep, type TSecondStepMethod } from "@domain/auth/second-factor";
import { getDb } from "../db/client";
import { smsConfigured } from "../messaging/transports";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { beginSignInAttempt, RateLimitedError, type TSignInAttempt } from "./rate-limits";
import { readSecondFactors } from "./read-second-factors";
import { users } from "./schema";
import { textSignInCode } from "./send-sign-in-code";

export type TSignInResult = TResult<
  { headers: Headers; name: string; twoFactorRequired: false } | ({ headers: Headers; twoFactorRequired: true } & TSecondStep)
>;

/** What the second step offers this account (docs/product/accounts.md#two-factor-authentication). */
async function secondStepFor(email: string): Promise<TSecondStep> {
  const [user] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (!user) return { methods: ["totp", "recovery"], phone: null, sent: false };
  const factors = await readSecondFactors(getDb(), user.id);
  const sms = !!factors.phone && smsConfigured();
  const methods: TSecondStepMethod[] = [...(sms ? (["sms"] as const) : []), ...(factors.totp ? (["totp"] as const) : []), "recovery"];
  const phone = sms ? maskedPhone(factors.phone!.phone) : null;
  if (!sms || factors.totp) return { methods, phone, sent: false };
  const sent = await textSignInCode(user.id);
  return sent.ok ? { methods, phone, sent: true } : { methods, phone, sent: false, notice: sent.error.message };
}

/** Password sign-in with the failure limits of docs/product/accounts.md#rate-limits. On success the headers carry the session cookie. */
export async function signIn(email: string, password: string, ip: string, requestHeaders: Headers): Promise<TSignInResult> {
  let attempt: TSignInAttempt;
  try {
    attempt = await beginSignInAttempt(email, ip);
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
    await attempt.succeeded();
    if ("twoFactorRedirect" in response && response.twoFactorRedirect)
      return { ok: true, headers, twoFactorRequired: true, ...(await secondStepFor(email)) };
    return { ok: true, headers, name: (response as { user: { name: string } }).user.name, twoFactorRequired: false };
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "EMAIL_NOT_VERIFIED") {
      await attempt.succeeded(); // the password was right
      return refuse("forbidden", "Please confirm your e-mail address first. We have sent you a new confirmation link.");
    }
    return refuse("unauthenticated", "Invalid email or password");
  }
}
