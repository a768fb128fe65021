import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import { succeed, type TResult } from "@domain/errors/app-error";
import { withPasswordLimit, wrongPassword, type TAsker } from "./password-guess-limit";
import { twoFactorPhones } from "./schema";

/**
 * Turns two-factor off, after the current password: the authenticator key, the recovery codes and the phones that
 * received codes all go (docs/product/accounts.md#two-factor-authentication). The headers carry the refreshed session.
 */
export async function disableTwoFactor(asker: TAsker & { userId: string }, password: string) {
  return withPasswordLimit(asker, async (): Promise<TResult<{ headers: Headers }>> => {
    try {
      const { headers } = await getAuth().api.disableTwoFactor({ body: { password }, headers: asker.headers, returnHeaders: true });
      await getDb().delete(twoFactorPhones).where(eq(twoFactorPhones.userId, asker.userId));
      return succeed({ headers });
    } catch (error) {
      return wrongPassword(error, "Could not turn off two-factor authentication.");
    }
  });
}
