import { eq } from "drizzle-orm";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { isBatteryLow, isOnline, LOW_BATTERY_SOC_PCT, SILENT_AFTER_MINUTES } from "@domain/power/power";
import { raiseAlert } from "../alerts/raise-alert";
import { getDb } from "../db/client";
import type { TJob } from "../jobs/scheduler";
import { log } from "../log";
import { powerInstallations } from "./schema";

/**
 * Silent installations and low batteries (docs/product/power-tracking.md#health-alerts): one admin alert per episode.
 * An episode starts when the condition is first seen and ends when it is gone; while it lasts nothing is raised again,
 * even if an admin resolved the alert. An installation that never reported is not silent yet, only new.
 */
export async function checkPowerHealth(now = new Date()): Promise<{ raised: number }> {
  let raised = 0;
  await getDb().transaction(async (tx) => {
    const rows = await tx.select().from(powerInstallations).for("update");
    for (const i of rows) {
      const silent = i.lastSeenAt !== null && !isOnline(i.lastSeenAt, now);
      const low = !silent && isBatteryLow(i.batteryWh, i.socPct);
      const set: Partial<typeof powerInstallations.$inferInsert> = {};
      if (silent && !i.silentAlertedAt) {
        await raiseAlert(tx, {
          type: "power_silent",
          title: `${i.siteName} has gone silent`,
          message: `No reading from ${i.siteName} (${i.city}) for over ${SILENT_AFTER_MINUTES} minutes; last seen ${formatLagosDateTime(i.lastSeenAt!)}.`,
          severity: "high",
          dedupeKey: `power-silent-${i.id}-${i.lastSeenAt!.getTime()}`,
        });
        set.silentAlertedAt = now;
        raised++;
      } else if (!silent && i.silentAlertedAt) set.silentAlertedAt = null;
      if (low && !i.lowBatteryAlertedAt) {
        await raiseAlert(tx, {
          type: "power_low_battery",
          title: `${i.siteName}: battery low`,
          message: `The battery at ${i.siteName} (${i.city}) is at ${Math.round(i.socPct!)}%, at or under ${LOW_BATTERY_SOC_PCT}%.`,
          severity: "medium",
          dedupeKey: `power-low-battery-${i.id}-${now.getTime()}`,
        });
        set.lowBatteryAlertedAt = now;
        raised++;
      } else if (!low && i.lowBatteryAlertedAt && i.socPct !== null && i.socPct > LOW_BATTERY_SOC_PCT) set.lowBatteryAlertedAt = null;
      if (Object.keys(set).length) await tx.update(powerInstallations).set(set).where(eq(powerInstallations.id, i.id));
    }
  });
  if (raised) log.info({ raised }, "power: health alerts raised");
  return { raised };
}

export const powerHealthJob: TJob = {
  name: "power-health",
  label: "Solar installations' health",
  description: "Every minute, raises an admin alert when an installation goes silent or its battery runs low (once per episode).",
  periodSeconds: 60,
  async run() {
    await checkPowerHealth();
  },
};
