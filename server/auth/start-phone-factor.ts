import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { smsConfigured } from "../messaging/transports";
import { getAuth } from "./auth";
import { checkPassword } from "./check-password";
import { withPasswordLimit, wrongPassword, type TAsker } from "./password-guess-limit";
import { readSecondFactors } from "./read-second-factors";
import { twoFactorPhones } from "./schema";
import { sendSmsCode } from "./sms-codes";

export type TStartPhoneFactor = { phone: string; password: string };

/**
 * "Text me a code", step 1 (docs/product/accounts.md#two-factor-authentication): after the password, the number is added
 * unverified (replacing a number still waiting, never the verified one) and a code is texted to it. An account without
 * two-factor gets its recovery codes now, shown once; one that has it keeps the ones it has.
 */
export async function startPhoneFactor(
  asker: TAsker & { userId: string },
  input: TStartPhoneFactor,
): Promise<TResult<{ phone: string; backupCodes: string[] | null }>> {
  if (!smsConfigured()) return refuse("unavailable", "We cannot send text messages right now. Use an authenticator app instead.");
  const factors = await readSecondFactors(getDb(), asker.userId);
  if (factors.phone?.phone === input.phone) return refuse("conflict", "Your sign-in codes already go to this number.", { field: "phone" });

  let backupCodes: string[] | null = null;
  if (!factors.enabled) {
    // better-auth keeps the recovery codes with the (still unverified) authenticator key, and checks the password itself.
    const made = await withPasswordLimit(asker, async () => {
      try {
        const res = await getAuth().api.enableTwoFactor({ body: { password: input.password }, headers: asker.headers });
        return { ok: true as const, backupCodes: res.backupCodes };
      } catch (error) {
        return wrongPassword(error, "Could not start two-factor set-up.");
      }
    });
    if (!made.ok) return refuse(made.error.code, made.error.message, { field: "password" });
    backupCodes = made.backupCodes;
  } else {
    const checked = await checkPassword(asker, asker.userId, input.password);
    if (!checked.ok) return checked;
  }

  return inTransaction(async (tx) => {
    await tx.delete(twoFactorPhones).where(and(eq(twoFactorPhones.userId, asker.userId), eq(twoFactorPhones.status, "unverified")));
    const [row] = await tx
      .insert(twoFactorPhones)
      .values({ userId: asker.userId, phone: input.phone, status: "unverified" })
      .returning({ id: twoFactorPhones.id });
    const sent = await sendSmsCode(tx, asker.userId, { phoneId: row!.id }, "verify-phone");
    if (!sent.ok) return sent;
    return succeed({ phone: sent.phone, backupCodes });
  });
}
