import { eq, sql } from "drizzle-orm";
import type { TLiveSession } from "@domain/zavcharge/sessions/session-rules";
import type { TWalletEntryKind } from "@domain/zavcharge/wallet/wallet-rules";
import { getDb } from "../../db/client";
import { fromJson, outerColumn } from "../../db/json";
import { toLive, type TLiveSessionRow } from "../sessions/live-session";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";
import { zavchargeWalletEntries } from "../wallet/schema";

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
  /** The session running now, with its latest energy, cost and state of charge (as findLiveSession reads it), or null. */
  live: TLiveSession | null;
};

type TJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const account = outerColumn(zavchargeAccounts.id);
const station = sql`(select ${chargingStations.name} from ${chargingStations} where ${chargingStations.id} = ${outerColumn(chargingSessions.stationId)})`;

/**
 * The dashboard's recent wallet movements and sessions (docs/product/zavcharge.md#wallet), newest first, and the
 * session running now: one statement, as the dashboard is read on every visit and each statement is a round trip.
 */
export async function getDriverDashboard(accountId: number): Promise<TDriverDashboard> {
  const [row] = await getDb()
    .select({
      entries: sql<TJson<TDriverDashboard["entries"][number]>[] | string>`(select coalesce(json_agg(e order by e.id desc), '[]') from (
        select ${zavchargeWalletEntries.id} as "id", ${zavchargeWalletEntries.kind} as "kind", ${zavchargeWalletEntries.amountKobo} as "amountKobo",
          ${zavchargeWalletEntries.balanceAfterKobo} as "balanceAfterKobo", ${zavchargeWalletEntries.description} as "description",
          ${zavchargeWalletEntries.createdAt} as "createdAt"
        from ${zavchargeWalletEntries} where ${zavchargeWalletEntries.accountId} = ${account}
        order by ${zavchargeWalletEntries.id} desc limit 8) e)`,
      sessions: sql<
        TJson<TDriverDashboard["sessions"][number]>[] | string
      >`(select coalesce(json_agg(s order by s."startedAt" desc), '[]') from (
        select ${chargingSessions.id} as "id", ${station} as "station", ${chargingSessions.slotNumber} as "slotNumber",
          ${chargingSessions.status} as "status", ${chargingSessions.startedAt} as "startedAt", ${chargingSessions.stoppedAt} as "stoppedAt",
          ${chargingSessions.energyWh} as "energyWh", ${chargingSessions.costKobo} as "costKobo"
        from ${chargingSessions} where ${chargingSessions.accountId} = ${account}
        order by ${chargingSessions.startedAt} desc limit 5) s)`,
      live: sql<(TJson<TLiveSessionRow> & { stationName: string }) | string | null>`(select row_to_json(l) from (
        select ${chargingSessions.id} as "id", ${chargingSessions.status} as "status", ${chargingSessions.slotNumber} as "slotNumber",
          ${chargingSessions.startedAt} as "startedAt", ${chargingSessions.energyWh} as "energyWh", ${chargingSessions.lastMeterWh} as "lastMeterWh",
          ${chargingSessions.meterStartWh} as "meterStartWh", ${chargingSessions.costKobo} as "costKobo",
          ${chargingSessions.pricePerKwhKobo} as "pricePerKwhKobo", ${chargingSessions.socPercent} as "socPercent",
          ${chargingSessions.powerW} as "powerW", ${chargingSessions.stopReason} as "stopReason", ${station} as "stationName"
        from ${chargingSessions} where ${chargingSessions.accountId} = ${account} and ${chargingSessions.status} = 'active'
        order by ${chargingSessions.startedAt} desc limit 1) l)`,
    })
    .from(zavchargeAccounts)
    .where(eq(zavchargeAccounts.id, accountId));
  if (!row) return { entries: [], sessions: [], live: null };
  const live = row.live === null ? null : fromJson(row.live);
  return {
    entries: fromJson(row.entries).map((e) => ({ ...e, kind: e.kind as TWalletEntryKind, createdAt: new Date(e.createdAt) })),
    sessions: fromJson(row.sessions).map((s) => ({
      ...s,
      startedAt: new Date(s.startedAt),
      stoppedAt: s.stoppedAt === null ? null : new Date(s.stoppedAt),
    })),
    live: live && toLive({ session: { ...live, startedAt: new Date(live.startedAt) }, stationName: live.stationName }),
  };
}
