import { getAuth } from "./auth";
import { withPasswordLimit, wrongPassword, type TAsker, type TFailure } from "./password-guess-limit";

/** Turns two-factor off, after the current password; the headers carry the refreshed session. */
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
