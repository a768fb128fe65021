import { and, desc, eq } from "drizzle-orm";
import { sessionCostKobo } from "@domain/zavcharge/pricing";
import { SESSION_EVENT_TYPE, type TLiveSession, type TSessionStatus } from "@domain/zavcharge/sessions/session-rules";
import type { DbOrTx } from "../../db/client";
import { publishEvent } from "../../realtime/publish";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingStations } from "../network/schema";
import { chargingSessions } from "./schema";

const liveColumns = {
  session: chargingSessions,
  stationName: chargingStations.name,
  userId: zavchargeAccounts.userId,
};

/** What a live session's figures are made of: a session row's columns (a whole row, or the same read as json). */
export type TLiveSessionRow = Pick<
  typeof chargingSessions.$inferSelect,
  | "id"
  | "status"
  | "slotNumber"
  | "startedAt"
  | "energyWh"
  | "lastMeterWh"
  | "meterStartWh"
  | "costKobo"
  | "pricePerKwhKobo"
  | "socPercent"
  | "powerW"
  | "stopReason"
>;

export function toLive(row: { session: TLiveSessionRow; stationName: string }): TLiveSession {
  const s = row.session;
  const energyWh = s.energyWh ?? Math.max(0, (s.lastMeterWh ?? s.meterStartWh) - s.meterStartWh);
  return {
    sessionId: s.id,
    status: s.status as TSessionStatus,
    stationName: row.stationName,
    slotNumber: s.slotNumber,
    startedAt: s.startedAt.toISOString(),
    energyWh,
    costKobo: s.costKobo ?? sessionCostKobo(energyWh, s.pricePerKwhKobo),
    pricePerKwhKobo: s.pricePerKwhKobo,
    socPercent: s.socPercent,
    powerW: s.powerW,
    stopReason: s.stopReason,
  };
}

/** The account's running session with its latest energy, cost and state of charge, or null. */
export async function findLiveSession(db: DbOrTx, accountId: number): Promise<TLiveSession | null> {
  const [row] = await db
    .select(liveColumns)
    .from(chargingSessions)
    .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
    .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, chargingSessions.accountId))
    .where(and(eq(chargingSessions.accountId, accountId), eq(chargingSessions.status, "active")))
    .orderBy(desc(chargingSessions.startedAt))
    .limit(1);
  return row ? toLive(row) : null;
}

/**
 * Tells the session's owner's open pages what it stands at (docs/product/zavcharge.md#chargers): after the start,
 * each meter reading and the stop. Inside the caller's transaction, so it leaves on commit. Accounts without a
 * site account (PIN only) have no socket: their dashboard refreshes itself while a session runs.
 */
export async function publishLiveSession(tx: DbOrTx, sessionId: number): Promise<void> {
  const [row] = await tx
    .select(liveColumns)
    .from(chargingSessions)
    .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
    .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, chargingSessions.accountId))
    .where(eq(chargingSessions.id, sessionId));
  if (row) await publishLiveSessionRow(tx, row);
}

/** The same, from a session row the caller already holds (MeterValues, many a second: no extra read). */
export async function publishLiveSessionRow(
  tx: DbOrTx,
  row: { session: typeof chargingSessions.$inferSelect; stationName: string; userId: string | null },
): Promise<void> {
  if (!row.userId) return;
  await publishEvent(tx, { userId: row.userId, type: SESSION_EVENT_TYPE, payload: toLive(row) });
}
