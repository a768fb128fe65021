import { and, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { referralCommissions, referralLedger } from "./schema";

/** What a referrer can be paid: the sum of their ledger (approved, less reversals and payouts); may be below zero. */
export async function referralBalanceKobo(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ kobo: sql<string>`coalesce(sum(${referralLedger.amountKobo}), 0)` })
    .from(referralLedger)
    .where(eq(referralLedger.userId, userId));
  return Number(row?.kobo ?? 0);
}

/** Friends who qualified: a purchase of theirs earned this referrer a commission that was approved (or paid since). */
export async function qualifiedReferralCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(referralCommissions.referralId) })
    .from(referralCommissions)
    .where(and(eq(referralCommissions.referrerId, userId), inArray(referralCommissions.status, ["approved", "paid"])));
  return row?.n ?? 0;
}
