import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { DEFAULT_MAINTENANCE_MINUTES, maintenanceNotice } from "@domain/zavcharge/network/network-rules";
import type { TMaintenanceFields } from "@domain/zavcharge/network/station-input";
import { recordAudit } from "../../audit/record-audit";
import { changePublicContent } from "../../http/page-cache";
import { publishStationAvailability } from "./publish-station-availability";
import { chargingStations } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/**
 * Staff schedule a station's maintenance window (start, length: 2 hours by default) or clear it (input null;
 * docs/product/zavcharge.md#stations-and-slots). Drivers who charged there lately are reminded 24 h ahead by the
 * maintenance reminder job; a new start is a new window, reminded again.
 */
export async function scheduleMaintenance(
  actor: TViewer,
  stationId: number,
  input: TMaintenanceFields | null,
  now = new Date(),
): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  if (input && input.startsAt.getTime() + input.minutes * 60_000 <= now.getTime())
    return refuse("invalid_input", "This window would already be over: choose a start in the future", { field: "startsAt" });
  return changePublicContent(async (tx) => {
    const [old] = await tx.select().from(chargingStations).where(eq(chargingStations.id, stationId)).for("update");
    if (!old) return refuse("not_found", "This station no longer exists.");
    const values = { maintenanceStartsAt: input?.startsAt ?? null, maintenanceMinutes: input?.minutes ?? DEFAULT_MAINTENANCE_MINUTES };
    await tx
      .update(chargingStations)
      .set({ ...values, updatedAt: now })
      .where(eq(chargingStations.id, stationId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: input ? "zavcharge.maintenance.schedule" : "zavcharge.maintenance.clear",
      resourceType: "charging_station",
      resourceId: String(stationId),
      oldData: { maintenanceStartsAt: old.maintenanceStartsAt, maintenanceMinutes: old.maintenanceMinutes },
      newData: values,
    });
    await publishStationAvailability(tx, stationId);
    const notice = input ? maintenanceNotice(values, now) : null;
    return succeed({ message: notice ? `${old.name}: ${notice}` : `${old.name}: no maintenance scheduled` });
  });
}
