import { and, desc, eq, gte, sql } from "drizzle-orm";
import { isBatteryLow } from "@domain/power/power";
import type { TAlarmRow, TEnergyPeriod, TInstallationDetail } from "@domain/power/views";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { customerOf } from "./fleet-overview";
import { energyHistory, panelOf, socBucket } from "./installation-panel";
import { powerAlarms, powerDailyEnergy, powerDevices, powerInstallations, powerReadings } from "./schema";

/** One installation (docs/product/power-tracking.md#installation-page); null when there is none with this id. */
export async function getInstallationDetail(
  id: number,
  now = new Date(),
  period: TEnergyPeriod = "day",
): Promise<TInstallationDetail | null> {
  const db = getDb();
  const [inst] = await db.select().from(powerInstallations).where(eq(powerInstallations.id, id));
  if (!inst) return null;
  const bucket = socBucket();
  const [devices, energy, soc, alarms] = await Promise.all([
    db.select().from(powerDevices).where(eq(powerDevices.installationId, id)).orderBy(powerDevices.id),
    db
      .select()
      .from(powerDailyEnergy)
      .where(and(eq(powerDailyEnergy.installationId, id), gte(powerDailyEnergy.day, energyHistory(now, period)[0]!))),
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
  return {
    ...panelOf(inst, energy, soc, now, period),
    customer: customerOf(inst),
    place: `${inst.city}, ${inst.state}`,
    pvKwp: inst.pvWp / 1000,
    inverterKva: inst.inverterVa / 1000,
    keyHint: inst.ingestKeyHint,
    batteryLow: isBatteryLow(inst.batteryWh, inst.socPct),
    lastSeenAt: inst.lastSeenAt?.toISOString() ?? null,
    devices: devices.map((d) => ({ id: d.id, kind: d.kind, make: d.make, model: d.model, serial: d.serial })),
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
