import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { chargingStations } from "./schema";

/**
 * Chargers' part in a station's status (docs/product/zavcharge.md#chargers), inside the caller's transaction: a
 * station whose chargers all went away goes from online to offline, and back when one returns. A station in another
 * status (staff closed it, or it is in maintenance) stays as it is. Says whether the station changed.
 */
export async function setStationStatusFrom(
  tx: Tx,
  stationId: number,
  change: { from: "online" | "offline"; to: "online" | "offline" },
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(chargingStations)
    .set({ status: change.to, updatedAt: now })
    .where(and(eq(chargingStations.id, stationId), eq(chargingStations.status, change.from)))
    .returning({ id: chargingStations.id });
  return changed.length > 0;
}
