import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { distributionPayments } from "./schema";

/**
 * What each investment has had reinvested in it so far (docs/product/investments.md#reinvesting): the net of its
 * shares added to it instead of paid out. Paid back with the principal at redemption.
 */
export async function reinvestedKoboByInvestment(db: DbOrTx, investmentIds: number[]): Promise<Map<number, number>> {
  if (investmentIds.length === 0) return new Map();
  const rows = await db
    .select({ investmentId: distributionPayments.investmentId, kobo: sql<string>`sum(${distributionPayments.netKobo})` })
    .from(distributionPayments)
    .where(and(inArray(distributionPayments.investmentId, investmentIds), eq(distributionPayments.status, "reinvested")))
    .groupBy(distributionPayments.investmentId);
  return new Map(rows.map((r) => [r.investmentId, Number(r.kobo)]));
}
