import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import { isBatteryLow, isOnline, lagosDayOf, lastLagosDays, specificYield, underperformers } from "@domain/power/power";
import type { TFleetOverview, TFleetRow, TLiveFlow } from "@domain/power/views";
import { getDb } from "../db/client";
import { powerAlarms, powerDailyEnergy, powerInstallations } from "./schema";

type TInstallationRow = typeof powerInstallations.$inferSelect;

export const liveOf = (i: TInstallationRow): TLiveFlow => ({
  at: i.lastReadingAt?.toISOString() ?? null,
  pvW: i.pvW,
  loadW: i.loadW,
  gridW: i.gridW,
  batteryW: i.batteryW,
  generatorW: i.generatorW,
  socPct: i.socPct,
  gridAvailable: i.gridAvailable,
  generatorRunning: i.generatorRunning,
});

export const customerOf = (i: TInstallationRow) => i.customerName ?? i.customerEmail ?? "–";

/** Days whose solar makes the specific yield compared across the fleet: the last seven full Lagos days. */
const YIELD_DAYS = 7;

/** The fleet at a glance (docs/product/power-tracking.md#fleet-overview). */
export async function getFleetOverview(now = new Date()): Promise<TFleetOverview> {
  const db = getDb();
  const today = lagosDayOf(now);
  const week = lastLagosDays(now, YIELD_DAYS + 1).slice(0, YIELD_DAYS);
  const [installations, todays, weeks, alarms] = await Promise.all([
    db.select().from(powerInstallations).orderBy(powerInstallations.siteName),
    db
      .select({ id: powerDailyEnergy.installationId, pvWh: powerDailyEnergy.pvWh })
      .from(powerDailyEnergy)
      .where(eq(powerDailyEnergy.day, today)),
    db
      .select({ id: powerDailyEnergy.installationId, pvWh: sql<number>`sum(${powerDailyEnergy.pvWh})`, days: count() })
      .from(powerDailyEnergy)
      .where(and(gte(powerDailyEnergy.day, week[0]!), sql`${powerDailyEnergy.day} < ${today}`))
      .groupBy(powerDailyEnergy.installationId),
    db
      .select({
        id: powerAlarms.installationId,
        active: sql<number>`count(*) filter (where ${powerAlarms.clearedAt} is null)`,
        unacknowledged: count(),
      })
      .from(powerAlarms)
      .where(isNull(powerAlarms.acknowledgedAt))
      .groupBy(powerAlarms.installationId),
  ]);
  const todayBy = new Map(todays.map((r) => [r.id, Number(r.pvWh)]));
  const weekBy = new Map(weeks.map((r) => [r.id, { pvWh: Number(r.pvWh), days: Number(r.days) }]));
  const alarmsBy = new Map(alarms.map((r) => [r.id, { active: Number(r.active), unacknowledged: Number(r.unacknowledged) }]));
  const yields = installations.map((i) => {
    const w = weekBy.get(i.id);
    return { id: i.id, specificYield: w && w.days > 0 ? specificYield(w.pvWh / w.days, i.pvWp) : null };
  });
  const { median, ids } = underperformers(yields);
  const rows: TFleetRow[] = installations.map((i, n) => ({
    id: i.id,
    siteName: i.siteName,
    customer: customerOf(i),
    place: `${i.city}, ${i.state}`,
    pvKwp: i.pvWp / 1000,
    batteryKwh: i.batteryWh / 1000,
    inverterKva: i.inverterVa / 1000,
    lastSeenAt: i.lastSeenAt?.toISOString() ?? null,
    online: isOnline(i.lastSeenAt, now),
    batteryLow: isBatteryLow(i.batteryWh, i.socPct),
    live: liveOf(i),
    todayPvWh: todayBy.get(i.id) ?? 0,
    weekSpecificYield: yields[n]!.specificYield,
    underperforming: ids.has(i.id),
    activeAlarms: alarmsBy.get(i.id)?.active ?? 0,
    unacknowledgedAlarms: alarmsBy.get(i.id)?.unacknowledged ?? 0,
  }));
  return { rows, medianSpecificYield: median, now: now.toISOString() };
}
