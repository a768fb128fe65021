import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "@domain/referrals/referral";
import { getDb } from "../db/client";
import { referralCodes } from "./schema";

const newCode = () =>
  Array.from({ length: REFERRAL_CODE_LENGTH }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join("");

/**
 * The customer's referral code, made the first time it is asked for (docs/product/refer-and-earn.md#the-code). Random,
 * 31^8 (about 850 billion) codes: not guessable from the account, and a clash with another code just draws again.
 * Two tabs asking at once get the same code: the second insert finds the first.
 */
export async function referralCodeFor(userId: string): Promise<string> {
  const db = getDb();
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // A clash on the code (not the user) leaves nothing inserted and draws again.
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error("could not draw a free referral code");
}
