import { and, eq, gt, isNotNull, ne } from "drizzle-orm";
import { RECENT_DRIVER_DAYS } from "@domain/zavcharge/network/network-rules";
import type { DbOrTx } from "../../db/client";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingSessions } from "../sessions/schema";

/** Site users who charged at this station in the last 30 days through an open account (docs/product/zavcharge.md#maintenance). */
export async function recentDriverUserIds(db: DbOrTx, stationId: number, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - RECENT_DRIVER_DAYS * 86_400_000);
  const rows = await db
    .selectDistinct({ userId: zavchargeAccounts.userId })
    .from(chargingSessions)
    .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, chargingSessions.accountId))
    .where(
      and(
        eq(chargingSessions.stationId, stationId),
        gt(chargingSessions.startedAt, since),
        isNotNull(zavchargeAccounts.userId),
        ne(zavchargeAccounts.status, "closed"),
      ),
    );
  return rows.map((r) => r.userId!).filter(Boolean);
}
