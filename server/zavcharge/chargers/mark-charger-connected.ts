import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { bumpContentVersion } from "../../http/page-cache";
import { publishStationAvailability } from "../network/publish-station-availability";
import { chargers } from "./schema";
import { setStationStatusFrom } from "../network/set-station-status";

/**
 * A charger's socket is open (docs/product/zavcharge.md#chargers): it is online from its first connection on,
 * before any BootNotification. If its station was set offline because its chargers had gone, the station is
 * online again (a station staff closed stays as they left it).
 */
export async function markChargerConnected(chargerId: number, now = new Date()): Promise<void> {
  const changed = await getDb().transaction(async (tx) => {
    const [charger] = await tx
      .update(chargers)
      .set({ connected: true, lastSeenAt: now, updatedAt: now })
      .where(eq(chargers.id, chargerId))
      .returning({ stationId: chargers.stationId });
    if (!charger) return false;
    const flagged = await tx
      .update(chargers)
      .set({ stationSetOffline: false })
      .where(and(eq(chargers.stationId, charger.stationId), eq(chargers.stationSetOffline, true)))
      .returning({ id: chargers.id });
    if (flagged.length === 0) return false;
    const back = await setStationStatusFrom(tx, charger.stationId, { from: "offline", to: "online" }, now);
    if (back) await publishStationAvailability(tx, charger.stationId);
    return back;
  });
  if (changed) bumpContentVersion();
}
