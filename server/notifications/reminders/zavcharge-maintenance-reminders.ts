import { and, gt, isNotNull, lte } from "drizzle-orm";
import { formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { formatMaintenanceLength, MAINTENANCE_NOTICE_HOURS } from "@domain/zavcharge/network/network-rules";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { recentDriverUserIds } from "../../zavcharge/network/recent-drivers";
import { chargingStations } from "../../zavcharge/schema";
import { remindOnce, type TReminder } from "./remind-once";

/**
 * ZavCharge maintenance (docs/product/zavcharge.md#maintenance): every 12 hours, each station whose maintenance
 * window starts within 24 hours, to the drivers who charged there in the last 30 days: "{station} maintenance
 * on {date}, for {length}". Once per driver and window (a window moved to another start is a new one); the
 * "ZavCharge Maintenance" switch turns it off.
 */
export const zavchargeMaintenanceReminders: TJob = {
  name: "zavcharge-maintenance-reminders",
  label: "ZavCharge maintenance reminders",
  description: "Tells recent drivers of a station about its maintenance window starting within 24 hours.",
  periodSeconds: 12 * 3600,
  async run({ startedAt }) {
    const db = getDb();
    const soon = await db
      .select()
      .from(chargingStations)
      .where(
        and(
          isNotNull(chargingStations.maintenanceStartsAt),
          gt(chargingStations.maintenanceStartsAt, startedAt),
          lte(chargingStations.maintenanceStartsAt, new Date(startedAt.getTime() + MAINTENANCE_NOTICE_HOURS * 3_600_000)),
        ),
      );
    const reminders: TReminder[] = [];
    for (const station of soon) {
      const startsAt = station.maintenanceStartsAt!;
      const when = formatLagosDateTimeLong(startsAt);
      const length = formatMaintenanceLength(station.maintenanceMinutes);
      for (const userId of await recentDriverUserIds(db, station.id, startedAt)) {
        reminders.push({
          userId,
          kind: "zavcharge_maintenance",
          itemKey: `${station.id}:${startsAt.toISOString()}`,
          notification: {
            type: "zavcharge_maintenance",
            title: `${station.name} maintenance`,
            message: `${station.name} maintenance on ${when}, for ${length}`,
            priority: "medium",
            emailSubject: `${station.name} maintenance on ${when}`,
            link: `/zavcharge/stations/${station.slug}`,
            metadata: { stationId: station.id, startsAt: startsAt.toISOString(), minutes: station.maintenanceMinutes },
          },
        });
      }
    }
    await remindOnce(reminders);
  },
};
