import { desc, eq } from "drizzle-orm";
import type { TWalletEntryKind } from "@domain/zavcharge/wallet/wallet-rules";
import { getDb } from "../../db/client";
import { chargingSessions, chargingStations, zavchargeWalletEntries } from "../schema";

export type TDriverDashboard = {
  entries: { id: number; kind: TWalletEntryKind; amountKobo: number; balanceAfterKobo: number; description: string; createdAt: Date }[];
  sessions: {
    id: number;
    station: string;
    slotNumber: number;
    status: string;
    startedAt: Date;
    stoppedAt: Date | null;
    energyWh: number | null;
    costKobo: number | null;
  }[];
};

/** The dashboard's recent wallet movements and sessions (docs/product/zavcharge.md#wallet), newest first. */
export async function getDriverDashboard(accountId: number): Promise<TDriverDashboard> {
  const db = getDb();
  const [entries, sessions] = await Promise.all([
    db
      .select({
        id: zavchargeWalletEntries.id,
        kind: zavchargeWalletEntries.kind,
        amountKobo: zavchargeWalletEntries.amountKobo,
        balanceAfterKobo: zavchargeWalletEntries.balanceAfterKobo,
        description: zavchargeWalletEntries.description,
        createdAt: zavchargeWalletEntries.createdAt,
      })
      .from(zavchargeWalletEntries)
      .where(eq(zavchargeWalletEntries.accountId, accountId))
      .orderBy(desc(zavchargeWalletEntries.id))
      .limit(8),
    db
      .select({
        id: chargingSessions.id,
        station: chargingStations.name,
        slotNumber: chargingSessions.slotNumber,
        status: chargingSessions.status,
        startedAt: chargingSessions.startedAt,
        stoppedAt: chargingSessions.stoppedAt,
        energyWh: chargingSessions.energyWh,
        costKobo: chargingSessions.costKobo,
      })
      .from(chargingSessions)
      .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
      .where(eq(chargingSessions.accountId, accountId))
      .orderBy(desc(chargingSessions.startedAt))
      .limit(5),
  ]);
  return { entries: entries.map((e) => ({ ...e, kind: e.kind as TWalletEntryKind })), sessions };
}
