import { and, eq } from "drizzle-orm";
import { refuse, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { smsConfigured } from "../messaging/transports";
import { twoFactorPhones } from "./schema";
import { sendSmsCode } from "./sms-codes";

/** "Send a new code" while setting up text message codes: to the number waiting for its code, within the resend limits. */
export async function resendPhoneFactorCode(userId: string): Promise<TResult<{ phone: string }>> {
  if (!smsConfigured()) return refuse("unavailable", "We cannot send text messages right now. Use an authenticator app instead.");
  return getDb().transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: twoFactorPhones.id })
      .from(twoFactorPhones)
      .where(and(eq(twoFactorPhones.userId, userId), eq(twoFactorPhones.status, "unverified")));
    if (!pending) return refuse("not_found", "No number is waiting for a code. Add your number again.");
    return sendSmsCode(tx, userId, { phoneId: pending.id }, "verify-phone");
  });
}
