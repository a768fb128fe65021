import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingSlots, chargingStations } from "../network/schema";
import { chargingSessions } from "./schema";

// Charging sessions as the staff screens and the driver's history list them (docs/product/zavcharge.md#charging-sessions).

export type TSessionRow = {
  id: number;
  status: string;
  accountCode: string;
  accountName: string;
  stationName: string;
  slotNumber: number;
  pricePerKwhKobo: number;
  startedAt: Date;
  stoppedAt: Date | null;
  meterStartWh: number;
  energyWh: number | null;
  costKobo: number | null;
  unpaidKobo: number;
};

const columns = {
  id: chargingSessions.id,
  status: chargingSessions.status,
  accountCode: zavchargeAccounts.code,
  accountName: zavchargeAccounts.name,
  stationName: chargingStations.name,
  slotNumber: chargingSessions.slotNumber,
  pricePerKwhKobo: chargingSessions.pricePerKwhKobo,
  startedAt: chargingSessions.startedAt,
  stoppedAt: chargingSessions.stoppedAt,
  meterStartWh: chargingSessions.meterStartWh,
  energyWh: chargingSessions.energyWh,
  costKobo: chargingSessions.costKobo,
  unpaidKobo: chargingSessions.unpaidKobo,
};

function query() {
  return getDb()
    .select(columns)
    .from(chargingSessions)
    .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, chargingSessions.accountId))
    .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId));
}

const named = (rows: (Omit<TSessionRow, "accountName"> & { accountName: string | null })[]): TSessionRow[] =>
  rows.map((r) => ({ ...r, accountName: r.accountName ?? "" }));

/** Sessions running now, the oldest first: the attendant stops them. */
export async function listRunningSessions(): Promise<TSessionRow[]> {
  return named(await query().where(eq(chargingSessions.status, "active")).orderBy(asc(chargingSessions.startedAt)));
}

/** The latest stopped sessions, newest first. */
export async function listRecentSessions(limit = 20): Promise<TSessionRow[]> {
  return named(
    await query()
      .where(ne(chargingSessions.status, "active"))
      .orderBy(desc(chargingSessions.stoppedAt), desc(chargingSessions.id))
      .limit(limit),
  );
}

/** One account's sessions, newest first: its history, statement and staff page. Never another account's. */
export async function listAccountSessions(accountId: number, limit = 500): Promise<TSessionRow[]> {
  return named(
    await query()
      .where(eq(chargingSessions.accountId, accountId))
      .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
      .limit(limit),
  );
}

/**
 * One account's sessions a page at a time (the app's history: docs/product/api-gateway.md#zavcharge), newest first: up
 * to `limit + 1` after the session `afterId` of the page before. A session of another account is no place to start.
 */
export async function listAccountSessionsAfter(accountId: number, afterId: number | null, limit: number): Promise<TSessionRow[]> {
  return named(
    await query()
      .where(
        and(
          eq(chargingSessions.accountId, accountId),
          afterId === null
            ? undefined
            : sql`(${chargingSessions.startedAt}, ${chargingSessions.id}) < (select s.started_at, s.id from charging_sessions s where s.id = ${afterId} and s.account_id = ${accountId})`,
        ),
      )
      .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
      .limit(limit + 1),
  );
}

/** One session of one account, or null: another account's session is not found. */
export async function findAccountSession(accountId: number, sessionId: number): Promise<TSessionRow | null> {
  const rows = named(await query().where(and(eq(chargingSessions.accountId, accountId), eq(chargingSessions.id, sessionId))));
  return rows[0] ?? null;
}

export type TStationChoice = {
  id: number;
  name: string;
  status: string;
  slots: { id: number; number: number; connector: string; powerKw: number; status: string }[];
};

/** Stations and their slots for the attendant's start form (the use case checks every rule again). */
export async function listStationChoices(): Promise<TStationChoice[]> {
  const stations = await getDb()
    .select({ id: chargingStations.id, name: chargingStations.name, status: chargingStations.status })
    .from(chargingStations)
    .orderBy(asc(chargingStations.name));
  if (stations.length === 0) return [];
  const slots = await getDb()
    .select()
    .from(chargingSlots)
    .where(
      and(
        inArray(
          chargingSlots.stationId,
          stations.map((s) => s.id),
        ),
      ),
    )
    .orderBy(asc(chargingSlots.stationId), asc(chargingSlots.number));
  return stations.map((s) => ({
    ...s,
    slots: slots
      .filter((slot) => slot.stationId === s.id)
      .map((slot) => ({ id: slot.id, number: slot.number, connector: slot.connector, powerKw: slot.powerKw, status: slot.status })),
  }));
}
