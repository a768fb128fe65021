import { and, count, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { referralPayouts } from "./schema";

/** Referrers' bank payouts waiting for an admin (docs/product/refer-and-earn.md#payouts), for the pending approvals. */
export async function countWaitingReferralPayouts(): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(referralPayouts)
    .where(and(eq(referralPayouts.destination, "bank"), eq(referralPayouts.status, "requested")));
  return row?.n ?? 0;
}
