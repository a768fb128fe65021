import QRCode from "qrcode";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { beginSignInAttempt, RateLimitedError, signInSucceeded } from "./rate-limits";

/** Who is asking, for the password-guess limit (a stolen session must not allow unlimited guesses). */
export type TAsker = { headers: Headers; email: string; ip: string };

/** Runs a check of the current password under the sign-in limits. */
async function withPasswordLimit<T extends { ok: boolean }>(asker: TAsker, check: () => Promise<T>): Promise<T | TFailure> {
  try {
    await beginSignInAttempt(asker.email, asker.ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return { ok: false, message: e.message };
    throw e;
  }
  const result = await check();
  if (result.ok) await signInSucceeded(asker.email, asker.ip);
  return result;
}

type TFailure = { ok: false; message: string };

function wrongPassword(error: unknown, fallback: string): TFailure {
  const auth = authErrorCode(error);
  if (!auth) throw error;
  if (auth.code === "INVALID_PASSWORD" || auth.code === "INVALID_EMAIL_OR_PASSWORD")
    return { ok: false, message: "Your current password is not correct" };
  return { ok: false, message: auth.message || fallback };
}

/** Changes the password and signs out every other device; the headers carry the refreshed session. */
export async function changePassword(asker: TAsker, currentPassword: string, newPassword: string) {
  return withPasswordLimit(asker, async (): Promise<{ ok: true; headers: Headers } | TFailure> => {
    try {
      const { headers } = await getAuth().api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: asker.headers,
        returnHeaders: true,
      });
      return { ok: true, headers };
    } catch (error) {
      return wrongPassword(error, "Failed to update password.");
    }
  });
}

/** Step 1 of enrolment: a secret (as QR code and text) and recovery codes; not active until a code is verified. */
export async function startTwoFactor(asker: TAsker, password: string) {
  return withPasswordLimit(asker, async () => {
    try {
      const res = await getAuth().api.enableTwoFactor({ body: { password }, headers: asker.headers });
      const secret = new URL(res.totpURI).searchParams.get("secret") ?? "";
      return { ok: true as const, ...(await enrolmentView(asker.email, secret, res.backupCodes)) };
    } catch (error) {
      return wrongPassword(error, "Could not start two-factor set-up.");
    }
  });
}

/** What the enrolment step shows; rebuilt from the secret when a first code is mistyped. */
export async function enrolmentView(email: string, secret: string, backupCodes: string[]) {
  const uri = `otpauth://totp/${encodeURIComponent(`Zavolah:${email}`)}?secret=${encodeURIComponent(secret)}&issuer=Zavolah&digits=6&period=30`;
  return { qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, width: 200 }), secret, backupCodes };
}

/** Step 2: the first valid code turns two-factor on. */
/** better-auth replaces the session when two-factor turns on; the headers carry the new cookie. */
export async function confirmTwoFactor(requestHeaders: Headers, code: string): Promise<{ ok: true; headers: Headers } | TFailure> {
  try {
    const { headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    if (!authErrorCode(error)) throw error;
    return { ok: false, message: "That code is not valid. Check the time on your phone and try again." };
  }
}

export async function disableTwoFactor(asker: TAsker, password: string) {
  return withPasswordLimit(asker, async (): Promise<{ ok: true; headers: Headers } | TFailure> => {
    try {
      const { headers } = await getAuth().api.disableTwoFactor({ body: { password }, headers: asker.headers, returnHeaders: true });
      return { ok: true, headers };
    } catch (error) {
      return wrongPassword(error, "Could not turn off two-factor authentication.");
    }
  });
}
