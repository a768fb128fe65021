import { and, count, eq, gte, sql, sum } from "drizzle-orm";
import { addDays, lagosToday } from "@domain/time/lagos-time";
import { FIGURES_DAYS } from "@domain/zavcharge/accounts/account-rules";
import { getDb } from "../../db/client";
import { chargingStations } from "../network/schema";
import { chargingSessions } from "./schema";

export type TZavChargeFigures = {
  /** The Lagos calendar days covered, oldest first (YYYY-MM-DD). */
  days: string[];
  energyWh: number;
  revenueKobo: number;
  sessions: number;
  runningNow: number;
  /** Sessions started per station per day (stations with at least one session). */
  perStation: { stationId: number; name: string; perDay: number[]; total: number }[];
  /** Energy delivered per day, in Wh, by the day the session started. */
  energyPerDay: number[];
};

// Lagos is UTC+1 all year (docs/product/business-constants.md): a session's Lagos day is its UTC start plus an hour.
const lagosDay = sql<string>`to_char(${chargingSessions.startedAt} + interval '1 hour', 'YYYY-MM-DD')`;

/** The staff's figures for the last 30 Lagos days (docs/product/zavcharge.md): energy sold, revenue, sessions. */
export async function getZavChargeFigures(now = new Date()): Promise<TZavChargeFigures> {
  const today = lagosToday(now);
  const days = Array.from({ length: FIGURES_DAYS }, (_, i) => addDays(today, i - FIGURES_DAYS + 1));
  const from = new Date(`${days[0]}T00:00:00+01:00`);
  const db = getDb();
  const [rows, [running]] = await Promise.all([
    db
      .select({
        day: lagosDay,
        stationId: chargingSessions.stationId,
        name: chargingStations.name,
        sessions: count(),
        energyWh: sum(chargingSessions.energyWh).mapWith(Number),
        revenueKobo: sum(chargingSessions.costKobo).mapWith(Number),
      })
      .from(chargingSessions)
      .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
      .where(and(gte(chargingSessions.startedAt, from)))
      .groupBy(lagosDay, chargingSessions.stationId, chargingStations.name),
    db.select({ n: count() }).from(chargingSessions).where(eq(chargingSessions.status, "active")),
  ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const stations = new Map<number, TZavChargeFigures["perStation"][number]>();
  const energyPerDay = days.map(() => 0);
  let energyWh = 0;
  let revenueKobo = 0;
  let sessions = 0;
  for (const r of rows) {
    const i = index.get(r.day);
    if (i === undefined) continue;
    const station = stations.get(r.stationId) ?? { stationId: r.stationId, name: r.name, perDay: days.map(() => 0), total: 0 };
    station.perDay[i]! += r.sessions;
    station.total += r.sessions;
    stations.set(r.stationId, station);
    energyPerDay[i]! += r.energyWh || 0;
    energyWh += r.energyWh || 0;
    revenueKobo += r.revenueKobo || 0;
    sessions += r.sessions;
  }
  return {
    days,
    energyWh,
    revenueKobo,
    sessions,
    runningNow: running?.n ?? 0,
    perStation: [...stations.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)),
    energyPerDay,
  };
}
