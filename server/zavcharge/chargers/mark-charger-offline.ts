import { and, eq, sql } from "drizzle-orm";
import { MISSED_HEARTBEATS_OFFLINE } from "@domain/zavcharge/chargers/charger";
import { getDb } from "../../db/client";
import { bumpContentVersion } from "../../http/page-cache";
import { publishStationAvailability } from "../network/publish-station-availability";
import { chargers } from "./schema";
import { setStationStatusFrom } from "../network/set-station-status";

/**
 * A charger's socket closed, or it stopped talking (docs/product/zavcharge.md#chargers): it is offline, and
 * when none of its station's chargers is left connected an online station goes offline, so its slots are not
 * offered; the charger that comes back first sets it online again (markChargerConnected).
 */
export async function markChargerOffline(chargerId: number, now = new Date()): Promise<void> {
  const changed = await getDb().transaction(async (tx) => {
    const [charger] = await tx
      .update(chargers)
      .set({ connected: false, updatedAt: now })
      .where(eq(chargers.id, chargerId))
      .returning({ stationId: chargers.stationId });
    if (!charger) return false;
    const [still] = await tx
      .select({ id: chargers.id })
      .from(chargers)
      .where(and(eq(chargers.stationId, charger.stationId), eq(chargers.connected, true)))
      .limit(1);
    if (still) return false;
    if (!(await setStationStatusFrom(tx, charger.stationId, { from: "online", to: "offline" }, now))) return false;
    await tx.update(chargers).set({ stationSetOffline: true }).where(eq(chargers.id, chargerId));
    await publishStationAvailability(tx, charger.stationId);
    return true;
  });
  if (changed) bumpContentVersion();
}

/**
 * The watchdog: chargers marked connected that have not been heard from for two heartbeat intervals are
 * offline (a dead socket can look open for a long time). Returns their ids, so the adapter drops the sockets.
 */
export async function sweepSilentChargers(now = new Date()): Promise<number[]> {
  const silent = await getDb()
    .select({ id: chargers.id })
    .from(chargers)
    .where(
      and(
        eq(chargers.connected, true),
        sql`coalesce(${chargers.lastSeenAt}, ${chargers.updatedAt}) + make_interval(secs => ${chargers.heartbeatIntervalSeconds} * ${MISSED_HEARTBEATS_OFFLINE}) < ${now.toISOString()}::timestamptz`,
      ),
    );
  for (const c of silent) await markChargerOffline(c.id, now);
  return silent.map((c) => c.id);
}
