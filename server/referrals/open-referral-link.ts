import { eq, sql } from "drizzle-orm";
import { isReferralCodeShape, normaliseReferralCode } from "@domain/referrals/referral";
import { getDb } from "../db/client";
import { getCachedSettings } from "../settings/get-settings";
import { referralCodes } from "./schema";

/**
 * Someone opened a link carrying `?ref=` (docs/product/refer-and-earn.md#attribution): counted for the programme's
 * figures, and the code to remember in their browser when it is a real one and the programme is on; null otherwise.
 */
export async function openReferralLink(typed: string): Promise<string | null> {
  const code = normaliseReferralCode(typed);
  if (!isReferralCodeShape(code) || !(await getCachedSettings()).referEarnEnabled) return null;
  const [row] = await getDb()
    .update(referralCodes)
    .set({ opens: sql`${referralCodes.opens} + 1` })
    .where(eq(referralCodes.code, code))
    .returning({ code: referralCodes.code });
  return row?.code ?? null;
}
