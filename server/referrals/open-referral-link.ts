import { eq, sql } from "drizzle-orm";
import { isReferralCodeShape, normaliseReferralCode } from "@domain/referrals/referral";
import { countsAsReferralOpen } from "../auth/rate-limits";
import { getDb } from "../db/client";
import { getCachedSettings } from "../settings/get-settings";
import { referralCodes } from "./schema";

/**
 * Someone opened a link carrying `?ref=` (docs/product/refer-and-earn.md#attribution): counted for the programme's
 * figures (once per code and address in 15 minutes), and the code to remember in their browser (and for how long,
 * `referralLinkDays`) when it is a real one and the programme is on; null otherwise.
 */
export async function openReferralLink(typed: string, ip: string): Promise<{ code: string; rememberDays: number } | null> {
  const code = normaliseReferralCode(typed);
  const settings = await getCachedSettings();
  if (!isReferralCodeShape(code) || !settings.referEarnEnabled) return null;
  const [row] = await getDb().select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.code, code));
  if (!row) return null;
  if (await countsAsReferralOpen(code, ip))
    await getDb()
      .update(referralCodes)
      .set({ opens: sql`${referralCodes.opens} + 1` })
      .where(eq(referralCodes.code, code));
  return { code: row.code, rememberDays: settings.referralLinkDays };
}
