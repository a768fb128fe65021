import { getAuth } from "./auth";
import { succeed, type TResult } from "@domain/errors/app-error";
import { withPasswordLimit, wrongPassword, type TAsker } from "./password-guess-limit";

/** Changes the password and signs out every other device; the headers carry the refreshed session. */
export async function changePassword(asker: TAsker, currentPassword: string, newPassword: string) {
  return withPasswordLimit(asker, async (): Promise<TResult<{ headers: Headers }>> => {
    try {
      const { headers } = await getAuth().api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: asker.headers,
        returnHeaders: true,
      });
      return succeed({ headers });
    } catch (error) {
      return wrongPassword(error, "Failed to update password.");
    }
  });
}
