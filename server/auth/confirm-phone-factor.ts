import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { twoFactorPhones, users } from "./schema";
import { endApiSignIns } from "../gateway/sign-in-device";
import { checkSmsCode } from "./sms-codes";

/**
 * "Text me a code", step 2 (docs/product/accounts.md#two-factor-authentication): the code texted to the waiting number
 * makes it the verified phone (replacing the one before) and turns two-factor on, which ends the app's sign-ins. A
 * wrong code counts a try.
 */
export async function confirmPhoneFactor(userId: string, code: string): Promise<TResult<{ phone: string }>> {
  return getDb().transaction(async (tx) => {
    const checked = await checkSmsCode(tx, userId, "verify-phone", code);
    if (!checked.ok) return checked; // returned, not thrown: the counted try is kept
    const [pending] = await tx
      .select({ id: twoFactorPhones.id, phone: twoFactorPhones.phone })
      .from(twoFactorPhones)
      .where(and(eq(twoFactorPhones.id, checked.phoneId!), eq(twoFactorPhones.status, "unverified")));
    if (!pending) return refuse("conflict", "That number is no longer waiting for a code. Add it again.");
    await tx.delete(twoFactorPhones).where(and(eq(twoFactorPhones.userId, userId), eq(twoFactorPhones.status, "verified")));
    await tx.update(twoFactorPhones).set({ status: "verified", verifiedAt: new Date() }).where(eq(twoFactorPhones.id, pending.id));
    const [before] = await tx.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
    await tx.update(users).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(users.id, userId));
    // The app's sign-ins made before skipped the step the account now asks for (docs/product/api-gateway.md#tokens).
    await endApiSignIns(tx, userId, before?.on ? "second_factor_phone_changed" : "second_factor_on");
    return succeed({ phone: pending.phone });
  });
}
