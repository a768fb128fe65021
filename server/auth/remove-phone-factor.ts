import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { checkPassword } from "./check-password";
import { disableTwoFactor } from "./disable-two-factor";
import type { TAsker } from "./password-guess-limit";
import { readSecondFactors } from "./read-second-factors";
import { twoFactorPhones } from "./schema";

/**
 * "Stop texting me codes", after the password (docs/product/accounts.md#two-factor-authentication): the phones go. With
 * no authenticator app left, that is two-factor turned off (`off`), and the headers carry the refreshed session.
 */
export async function removePhoneFactor(
  asker: TAsker & { userId: string },
  password: string,
): Promise<TResult<{ off: boolean; headers?: Headers }>> {
  const factors = await readSecondFactors(getDb(), asker.userId);
  if (!factors.phone && !factors.pendingPhone) return refuse("not_found", "No phone receives your sign-in codes.");
  if (!factors.totp) {
    const off = await disableTwoFactor(asker, password);
    return off.ok ? succeed({ off: true, headers: off.headers }) : refuse(off.error.code, off.error.message, { field: "password" });
  }
  const checked = await checkPassword(asker, asker.userId, password);
  if (!checked.ok) return checked;
  await getDb().delete(twoFactorPhones).where(eq(twoFactorPhones.userId, asker.userId));
  return succeed({ off: false });
}
