import { getAuth } from "./auth";
import { withPasswordLimit, wrongPassword, type TAsker, type TFailure } from "./password-guess-limit";

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
