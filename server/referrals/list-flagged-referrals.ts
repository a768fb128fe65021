import { aliasedTable, asc, eq, sql } from "drizzle-orm";
import type { TReferralFlag } from "@domain/referrals/fraud";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { referralCommissions, referrals } from "./schema";

/** The review queue (docs/product/refer-and-earn.md#fraud-checks): flagged referrals, oldest first, with what they hold. */
export async function listFlaggedReferrals() {
  const referrer = aliasedTable(users, "referrer");
  const referred = aliasedTable(users, "referred");
  const rows = await getDb()
    .select({
      id: referrals.id,
      flag: referrals.flag,
      source: referrals.source,
      boundAt: referrals.boundAt,
      referrerName: referrer.name,
      referrerEmail: referrer.email,
      referredName: referred.name,
      referredEmail: referred.email,
      heldKobo: sql<string>`coalesce((select sum(${referralCommissions.amountKobo}) from ${referralCommissions} where ${referralCommissions.referralId} = ${referrals.id} and ${referralCommissions.status} = 'pending'), 0)`,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .where(eq(referrals.status, "flagged"))
    .orderBy(asc(referrals.boundAt))
    .limit(200);
  return rows.map((r) => ({ ...r, flag: r.flag as TReferralFlag, heldKobo: Number(r.heldKobo) }));
}
