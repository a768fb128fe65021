import { and, eq, inArray, sql } from "drizzle-orm";
import { inMaintenance } from "@domain/zavcharge/network/network-rules";
import { getDb } from "../../db/client";
import { log } from "../../log";
import { chargerGateway, type TAvailability } from "./charger-gateway";
import { chargers } from "./schema";
import { chargingStations } from "../network/schema";

/**
 * Maintenance windows on the chargers themselves (docs/product/zavcharge.md#chargers): while its station is in
 * maintenance (a scheduled window running, or the status), each connected charger is asked to become
 * Inoperative, and Operative again after. Only an Accepted answer is recorded: a Scheduled one (the charger waits
 * for its running charge to end) or no answer is asked again on the next run. Covers this process's connections,
 * or only those of `only` among them (a charger that just booted: reading every connected charger on each boot made
 * a reconnect storm of N chargers read N² rows).
 */
export async function applyMaintenanceAvailability(
  now = new Date(),
  only?: readonly number[],
): Promise<{ chargerId: number; wanted: TAvailability; status: string }[]> {
  // The periodic run reads only the chargers whose availability differs from what their station wants now (few or
  // none), not every connected charger with its station: at 10,000 chargers that read stalled every call behind it.
  const ids = only ? only.filter((id) => chargerGateway.isConnected(id)) : null;
  if (ids?.length === 0 || (!ids && !chargerGateway.connectedChargerIds().length)) return [];
  const wantsInoperative = sql`(${chargingStations.status} = 'maintenance' or coalesce(${chargingStations.maintenanceStartsAt} <= ${now.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz < ${chargingStations.maintenanceStartsAt} + make_interval(mins => ${chargingStations.maintenanceMinutes}), false))`;
  const found = await getDb()
    .select({ charger: chargers, station: chargingStations })
    .from(chargers)
    .innerJoin(chargingStations, eq(chargingStations.id, chargers.stationId))
    .where(
      ids
        ? inArray(chargers.id, ids)
        : and(eq(chargers.commissioned, true), sql`${wantsInoperative} <> (${chargers.availability} = 'Inoperative')`),
    );
  const rows = ids ? found : found.filter((r) => chargerGateway.isConnected(r.charger.id));
  const results: { chargerId: number; wanted: TAvailability; status: string }[] = [];
  for (const { charger, station } of rows) {
    if (!charger.commissioned) continue;
    const wanted: TAvailability = station.status === "maintenance" || inMaintenance(station, now) ? "Inoperative" : "Operative";
    if (wanted === charger.availability) continue;
    const answer = await chargerGateway.changeAvailability(charger.id, 0, wanted);
    const status = answer.ok ? answer.status : answer.reason;
    results.push({ chargerId: charger.id, wanted, status });
    if (answer.ok && answer.status === "Accepted")
      await getDb().update(chargers).set({ availability: wanted, updatedAt: now }).where(eq(chargers.id, charger.id));
    else log.info({ chargerId: charger.id, wanted, status }, "charger availability not applied yet; asked again later");
  }
  return results;
}
