import QRCode from "qrcode";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";

type TFailure = { ok: false; message: string };

function wrongPassword(error: unknown, fallback: string): TFailure {
  const auth = authErrorCode(error);
  if (!auth) throw error;
  if (auth.code === "INVALID_PASSWORD" || auth.code === "INVALID_EMAIL_OR_PASSWORD") return { ok: false, message: "Your current password is not correct" };
  return { ok: false, message: auth.message || fallback };
}

/** Changes the password and signs out every other device; the headers carry the refreshed session. */
export async function changePassword(requestHeaders: Headers, currentPassword: string, newPassword: string): Promise<{ ok: true; headers: Headers } | TFailure> {
  try {
    const { headers } = await getAuth().api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: requestHeaders, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return wrongPassword(error, "Failed to update password.");
  }
}

/** Step 1 of enrolment: a secret (as QR code and text) and recovery codes; not active until a code is verified. */
export async function startTwoFactor(requestHeaders: Headers, password: string) {
  try {
    const res = await getAuth().api.enableTwoFactor({ body: { password }, headers: requestHeaders });
    const secret = new URL(res.totpURI).searchParams.get("secret") ?? "";
    const qrSvg = await QRCode.toString(res.totpURI, { type: "svg", margin: 1, width: 200 });
    return { ok: true as const, qrSvg, secret, backupCodes: res.backupCodes };
  } catch (error) {
    return wrongPassword(error, "Could not start two-factor set-up.");
  }
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

export async function disableTwoFactor(requestHeaders: Headers, password: string): Promise<{ ok: true; headers: Headers } | TFailure> {
  try {
    const { headers } = await getAuth().api.disableTwoFactor({ body: { password }, headers: requestHeaders, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return wrongPassword(error, "Could not turn off two-factor authentication.");
  }
}
