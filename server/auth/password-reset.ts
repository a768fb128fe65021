import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { recordPasswordResetRequest } from "./password-reset-audit";
import { consumeResetRequest, RateLimitedError } from "./rate-limits";

/**
 * Logs the request (docs/product/accounts.md#password-reset) and asks better-auth to send the link. The answer is the same whether
 * or not the e-mail has an account, so the form cannot be used to find out who is registered.
 */
export async function requestPasswordReset(
  email: string,
  ip: string,
  userAgent: string | null,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await consumeResetRequest(email, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return { ok: false, message: e.message };
    throw e;
  }
  await recordPasswordResetRequest(email, ip, userAgent);
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  return { ok: true };
}

export async function resetPassword(token: string, newPassword: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "INVALID_TOKEN")
      return { ok: false, message: "This reset link is invalid or has expired. Please request a new one." };
    return { ok: false, message: auth.message || "Password reset failed. Please try again." };
  }
}
