import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";

/** Sets a new password from a reset link's token (docs/product/accounts.md#password-reset). */
export async function resetPassword(token: string, newPassword: string): Promise<TResult> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return succeed();
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "INVALID_TOKEN")
      return refuse("invalid_input", "This reset link is invalid or has expired. Please request a new one.");
    return refuse("invalid_input", auth.message || "Password reset failed. Please try again.");
  }
}
