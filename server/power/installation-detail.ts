import { and, desc, eq, gte, sql } from "drizzle-orm";
import {
  COUNTERS,
  fillEnergyDays,
  isBatteryLow,
  isOnline,
  lagosDayOf,
  lastLagosDays,
  rollupByMonth,
  rollupByWeek,
  selfSufficiency,
  zeroCounters,
  type TEnergyDay,
} from "@domain/power/power";
import type { TAlarmRow, TInstallationDetail } from "@domain/power/views";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { customerOf, liveOf } from "./fleet-overview";
import { powerAlarms, powerDailyEnergy, powerDevices, powerInstallations, powerReadings } from "./schema";

/** Days of energy kept on screen: 14 day bars, 8 week bars and 6 month bars come from the last 183 Lagos days. */
const DAY_BARS = 14;
const WEEK_BARS = 8;
const MONTH_BARS = 6;
const HISTORY_DAYS = 183;
/** The SoC curve: the last 24 hours, averaged over 15 minutes. */
const SOC_BUCKET_SECONDS = 900;

/** One installation (docs/product/power-tracking.md#installation-page); null when there is none with this id. */
export async function getInstallationDetail(id: number, now = new Date()): Promise<TInstallationDetail | null> {
  const db = getDb();
  const [inst] = await db.select().from(powerInstallations).where(eq(powerInstallations.id, id));
  if (!inst) return null;
  const history = lastLagosDays(now, HISTORY_DAYS);
  const step = sql.raw(String(SOC_BUCKET_SECONDS));
  const bucket = sql<string>`to_timestamp(floor(extract(epoch from ${powerReadings.at}) / ${step}) * ${step})`;
  const [devices, energy, soc, alarms] = await Promise.all([
    db.select().from(powerDevices).where(eq(powerDevices.installationId, id)).orderBy(powerDevices.id),
    db
      .select()
      .from(powerDailyEnergy)
      .where(and(eq(powerDailyEnergy.installationId, id), gte(powerDailyEnergy.day, history[0]!))),
    db
      .select({ at: bucket, socPct: sql<number>`avg(${powerReadings.socPct})` })
      .from(powerReadings)
      .where(
        and(
          eq(powerReadings.installationId, id),
          gte(powerReadings.at, new Date(now.getTime() - 86_400_000)),
          sql`${powerReadings.socPct} is not null`,
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({ alarm: powerAlarms, by: users.name })
      .from(powerAlarms)
      .leftJoin(users, eq(users.id, powerAlarms.acknowledgedBy))
      .where(eq(powerAlarms.installationId, id))
      .orderBy(desc(powerAlarms.raisedAt), desc(powerAlarms.id))
      .limit(50),
  ]);
  const daily: TEnergyDay[] = fillEnergyDays(
    energy.map((e) => ({ day: e.day, pvWh: e.pvWh, loadWh: e.loadWh, gridImportWh: e.gridImportWh, generatorWh: e.generatorWh })),
    history,
  );
  const today = daily.at(-1)!;
  const thisMonth = lagosDayOf(now).slice(0, 7);
  const month = daily
    .filter((d) => d.day.startsWith(thisMonth))
    .reduce((sum, d) => {
      for (const c of COUNTERS) sum[c] += d[c];
      return sum;
    }, zeroCounters());
  return {
    id: inst.id,
    siteName: inst.siteName,
    customer: customerOf(inst),
    place: `${inst.city}, ${inst.state}`,
    pvKwp: inst.pvWp / 1000,
    batteryKwh: inst.batteryWh / 1000,
    inverterKva: inst.inverterVa / 1000,
    keyHint: inst.ingestKeyHint,
    online: isOnline(inst.lastSeenAt, now),
    batteryLow: isBatteryLow(inst.batteryWh, inst.socPct),
    lastSeenAt: inst.lastSeenAt?.toISOString() ?? null,
    live: liveOf(inst),
    devices: devices.map((d) => ({ id: d.id, kind: d.kind, make: d.make, model: d.model, serial: d.serial })),
    days: daily.slice(-DAY_BARS),
    weeks: rollupByWeek(daily).slice(-WEEK_BARS),
    months: rollupByMonth(daily).slice(-MONTH_BARS),
    todaySelfSufficiency: selfSufficiency(today),
    monthSelfSufficiency: selfSufficiency(month),
    soc: soc.map((s) => ({ at: new Date(s.at).toISOString(), socPct: Math.round(Number(s.socPct)) })),
    alarms: alarms.map(({ alarm: a, by }): TAlarmRow => ({
      id: a.id,
      code: a.code,
      severity: a.severity as TAlarmRow["severity"],
      message: a.message,
      raisedAt: a.raisedAt.toISOString(),
      clearedAt: a.clearedAt?.toISOString() ?? null,
      acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: a.acknowledgedAt ? (by ?? "A former admin") : null,
    })),
  };
}
