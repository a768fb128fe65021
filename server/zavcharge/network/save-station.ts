import { and, eq, ne } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TStationFields } from "@domain/zavcharge/network/station-input";
import { recordAudit } from "../../audit/record-audit";
import type { DbOrTx } from "../../db/client";
import { notifyUser } from "../../notifications/notify-user";
import { publishStationAvailability } from "./publish-station-availability";
import { recentDriverUserIds } from "./recent-drivers";
import { chargingStations } from "./schema";
import { changeNetwork } from "./staff-only";

/**
 * Staff create a station (id null) or change one (docs/product/zavcharge.md#stations-and-slots), in one
 * transaction with its audit entry. Open network pages hear the new availability; a station going from
 * maintenance back online tells its recent drivers (docs/product/zavcharge.md#notifications).
 */
export async function saveStation(
  actor: TViewer,
  id: number | null,
  input: TStationFields,
  now = new Date(),
): Promise<TResult<{ stationId: number; message: string; notified: number }>> {
  return changeNetwork(actor, async (tx) => {
    const [taken] = await tx
      .select({ id: chargingStations.id })
      .from(chargingStations)
      .where(and(eq(chargingStations.slug, input.slug), id === null ? undefined : ne(chargingStations.id, id)));
    if (taken) return refuse("conflict", `Another station already uses the slug "${input.slug}"`, { field: "slug" });
    const values = {
      name: input.name,
      slug: input.slug,
      address: input.address,
      city: input.city,
      state: input.state,
      latitude: input.latitude,
      longitude: input.longitude,
      pricePerKwhKobo: input.price,
      features: input.features,
      openingHours: input.openingHours,
      status: input.status,
    };
    let stationId: number;
    let wasStatus: string | null = null;
    if (id === null) {
      const [row] = await tx.insert(chargingStations).values(values).returning({ id: chargingStations.id });
      stationId = row!.id;
      await recordAudit(tx, {
        actorId: actor.id,
        action: "zavcharge.station.create",
        resourceType: "charging_station",
        resourceId: String(stationId),
        newData: values,
      });
    } else {
      const [old] = await tx.select().from(chargingStations).where(eq(chargingStations.id, id)).for("update");
      if (!old) return refuse("not_found", "This station no longer exists.");
      wasStatus = old.status;
      await tx
        .update(chargingStations)
        .set({ ...values, updatedAt: now })
        .where(eq(chargingStations.id, id));
      stationId = id;
      await recordAudit(tx, {
        actorId: actor.id,
        action: "zavcharge.station.update",
        resourceType: "charging_station",
        resourceId: String(id),
        oldData: { ...old, createdAt: undefined, updatedAt: undefined },
        newData: values,
      });
    }
    const notified =
      wasStatus === "maintenance" && input.status === "online"
        ? await tellBackFromMaintenance(tx, stationId, input.name, input.slug, now)
        : 0;
    await publishStationAvailability(tx, stationId);
    return succeed({ stationId, notified, message: id === null ? `${input.name} was added` : `${input.name} was saved` });
  });
}

/** "Back from maintenance" to drivers who charged there in the last 30 days; notifyUser honours their switch. */
async function tellBackFromMaintenance(tx: DbOrTx, stationId: number, name: string, slug: string, now: Date): Promise<number> {
  let sent = 0;
  for (const userId of await recentDriverUserIds(tx, stationId, now)) {
    const r = await notifyUser(tx, {
      userId,
      type: "zavcharge_maintenance",
      title: `${name} is back from maintenance`,
      message: `${name} is open for charging again.`,
      priority: "medium",
      link: `/zavcharge/stations/${slug}`,
      metadata: { stationId },
      emailCopy: true,
    });
    if (r.notificationId !== null || r.emailed) sent++;
  }
  return sent;
}
