import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { phoneProofCodeText, signInCodeText, SMS_CODE, waitLabel } from "@domain/auth/second-factor";
import type { Tx } from "../db/client";
import { authSecret } from "../env";
import { enqueueSms } from "../messaging/enqueue-sms";
import { twoFactorPhones, twoFactorSmsCodes, users } from "./schema";

// Codes texted to the phone factor (docs/product/accounts.md#two-factor-authentication): 6 digits, valid 10 minutes,
// 5 tries, one live code per account (a new one closes the last), at most one a minute (for each purpose: verifying a
// number, signing in) and 5 an hour in all. Only a keyed
// hash is stored, so the table alone does not give a code away; the code itself is only ever in the text message.

/** verify-phone and sign-in go to a second factor's phone; prove-phone to a number given elsewhere (a ZavCharge driver's). */
export type TSmsPurpose = "verify-phone" | "sign-in" | "prove-phone";
/** Where a code goes: a second factor's phone, or a number to prove. */
export type TSmsCodeTarget = { phoneId: number } | { phone: string };

const HOUR_MS = 60 * 60 * 1000;
const KEEP_MS = 24 * HOUR_MS;

function hashOf(userId: string, code: string): string {
  return createHmac("sha256", authSecret()).update(`two-factor-sms:${userId}:${code}`).digest("base64url");
}

/** One account's codes are handled one at a time (its user row is the lock), so two requests cannot both send or both try. */
async function lockAccount(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * Texts a new code for `purpose` to the account's phone `target` (a second factor's, by id, or a number to prove),
 * inside the caller's transaction: refused past the resend limits; otherwise every live code of the account is closed
 * and the new one queued in the outbox.
 */
export async function sendSmsCode(
  tx: Tx,
  userId: string,
  target: TSmsCodeTarget,
  purpose: TSmsPurpose,
  now = new Date(),
): Promise<TResult<{ phone: string }>> {
  await lockAccount(tx, userId);
  const [phone] =
    "phone" in target
      ? [{ phone: target.phone }]
      : await tx
          .select({ phone: twoFactorPhones.phone })
          .from(twoFactorPhones)
          .where(and(eq(twoFactorPhones.id, target.phoneId), eq(twoFactorPhones.userId, userId)));
  if (!phone) return refuse("not_found", "Text message codes are not set up for this account.");

  const lastHour = await tx
    .select({ createdAt: twoFactorSmsCodes.createdAt, purpose: twoFactorSmsCodes.purpose })
    .from(twoFactorSmsCodes)
    .where(and(eq(twoFactorSmsCodes.userId, userId), gt(twoFactorSmsCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(twoFactorSmsCodes.createdAt));
  // Once a minute for each purpose (signing in right after verifying a number is fine); 5 an hour in all.
  const newest = lastHour.find((c) => c.purpose === purpose)?.createdAt.getTime();
  if (newest !== undefined && now.getTime() - newest < SMS_CODE.resendSeconds * 1000) {
    const wait = (newest + SMS_CODE.resendSeconds * 1000 - now.getTime()) / 1000;
    return refuse("rate_limited", `You can ask for a new code once a minute. Please wait ${waitLabel(wait)}.`);
  }
  if (lastHour.length >= SMS_CODE.perHour) {
    const oldest = lastHour[lastHour.length - 1]!.createdAt.getTime();
    const wait = (oldest + HOUR_MS - now.getTime()) / 1000;
    return refuse(
      "rate_limited",
      `You have asked for ${SMS_CODE.perHour} codes in the last hour. Please wait ${waitLabel(wait)}` +
        (purpose === "sign-in" ? ", or use a recovery code." : "."),
    );
  }

  await tx
    .update(twoFactorSmsCodes)
    .set({ closedAt: now })
    .where(and(eq(twoFactorSmsCodes.userId, userId), isNull(twoFactorSmsCodes.closedAt)));
  await tx
    .delete(twoFactorSmsCodes)
    .where(and(eq(twoFactorSmsCodes.userId, userId), lt(twoFactorSmsCodes.createdAt, new Date(now.getTime() - KEEP_MS))));
  const code = String(randomInt(0, 10 ** SMS_CODE.digits)).padStart(SMS_CODE.digits, "0");
  await tx.insert(twoFactorSmsCodes).values({
    userId,
    ...("phone" in target ? { phone: target.phone } : { phoneId: target.phoneId }),
    purpose,
    codeHash: hashOf(userId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE.validMinutes * 60 * 1000),
  });
  await enqueueSms(
    tx,
    purpose === "prove-phone" ? "phone-code" : "sign-in-code",
    phone.phone,
    purpose === "prove-phone" ? phoneProofCodeText(code) : signInCodeText(code),
  );
  return succeed({ phone: phone.phone });
}

/**
 * Checks a typed code against the account's live code for `purpose`, inside the caller's transaction. A wrong code
 * counts a try (the 5th closes the code); a right one closes it and names the phone it was sent to. Nothing is thrown,
 * so a counted try is kept when the caller commits.
 */
export async function checkSmsCode(
  tx: Tx,
  userId: string,
  purpose: TSmsPurpose,
  code: string,
  now = new Date(),
): Promise<TResult<{ phoneId: number | null; phone: string | null }>> {
  await lockAccount(tx, userId);
  const [live] = await tx
    .select()
    .from(twoFactorSmsCodes)
    .where(and(eq(twoFactorSmsCodes.userId, userId), eq(twoFactorSmsCodes.purpose, purpose), isNull(twoFactorSmsCodes.closedAt)))
    .orderBy(desc(twoFactorSmsCodes.id))
    .limit(1);
  // A second factor's code dies with its phone; a number's code is for that number.
  const target = purpose === "prove-phone" ? live?.phone : live?.phoneId;
  if (!live || target === null || target === undefined || live.expiresAt.getTime() <= now.getTime()) {
    return refuse("invalid_input", "That code has expired or was replaced by a newer one. Ask for a new code.", { field: "code" });
  }
  const expected = Buffer.from(live.codeHash);
  const given = Buffer.from(hashOf(userId, code.trim()));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await tx.update(twoFactorSmsCodes).set({ closedAt: now }).where(eq(twoFactorSmsCodes.id, live.id));
    return succeed({ phoneId: live.phoneId, phone: live.phone });
  }
  const attempts = live.attempts + 1;
  const spent = attempts >= SMS_CODE.tries;
  await tx
    .update(twoFactorSmsCodes)
    .set({ attempts, closedAt: spent ? now : null })
    .where(eq(twoFactorSmsCodes.id, live.id));
  return refuse(
    "invalid_input",
    spent
      ? "That code is not valid, and it has been tried too many times. Ask for a new code."
      : "That code is not valid. Check the text message and try again.",
    { field: "code" },
  );
}
