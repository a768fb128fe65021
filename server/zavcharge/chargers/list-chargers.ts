import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { zavchargeAccounts } from "../accounts/schema";
import { chargers } from "./schema";
import { chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";

/** A session with no meter reading for this long while its charger says nothing is stale: staff may close it. */
export const STALE_SESSION_MS = 15 * 60_000;

export type TChargerRow = {
  id: number;
  chargePointId: string;
  stationName: string;
  protocol: string;
  commissioned: boolean;
  connected: boolean;
  lastSeenAt: Date | null;
  lastHeartbeatAt: Date | null;
  firmwareVersion: string | null;
  vendor: string | null;
  model: string | null;
};

export type TStaleSession = {
  sessionId: number;
  chargePointId: string;
  stationName: string;
  slotNumber: number;
  accountCode: string;
  startedAt: Date;
  lastMeterAt: Date | null;
  chargerConnected: boolean;
};

/**
 * Every charger with its connection, last heartbeat and firmware, and the sessions on chargers that look stale
 * (docs/product/zavcharge.md#chargers): running, with the charger offline or silent for 15 minutes.
 */
export async function listChargers(now = new Date()): Promise<{ chargers: TChargerRow[]; stale: TStaleSession[] }> {
  const db = getDb();
  const [rows, running] = await Promise.all([
    db
      .select({
        id: chargers.id,
        chargePointId: chargers.chargePointId,
        stationName: chargingStations.name,
        protocol: chargers.protocol,
        commissioned: chargers.commissioned,
        connected: chargers.connected,
        lastSeenAt: chargers.lastSeenAt,
        lastHeartbeatAt: chargers.lastHeartbeatAt,
        firmwareVersion: chargers.firmwareVersion,
        vendor: chargers.vendor,
        model: chargers.model,
      })
      .from(chargers)
      .innerJoin(chargingStations, eq(chargingStations.id, chargers.stationId))
      .orderBy(asc(chargers.chargePointId)),
    db
      .select({
        sessionId: chargingSessions.id,
        chargePointId: chargers.chargePointId,
        stationName: chargingStations.name,
        slotNumber: chargingSessions.slotNumber,
        accountCode: zavchargeAccounts.code,
        startedAt: chargingSessions.startedAt,
        lastMeterAt: chargingSessions.lastMeterAt,
        chargerConnected: chargers.connected,
      })
      .from(chargingSessions)
      .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
      .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
      .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, chargingSessions.accountId))
      .where(and(eq(chargingSessions.status, "active"), isNotNull(chargingSessions.chargerId)))
      .orderBy(desc(chargingSessions.startedAt)),
  ]);
  const stale = running.filter((s) => !s.chargerConnected || now.getTime() - (s.lastMeterAt ?? s.startedAt).getTime() > STALE_SESSION_MS);
  return { chargers: rows, stale };
}
