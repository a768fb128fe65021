import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargerGateway } from "./charger-gateway";
import { chargers } from "./schema";
import { chargingSlots, chargingStations } from "../network/schema";

export type TRemoteStartStation = {
  stationId: number;
  name: string;
  city: string;
  pricePerKwhKobo: number;
  slots: { number: number; connector: string; powerKw: number }[];
};

/**
 * Where a driver can start charging from the site (docs/product/zavcharge.md#chargers): open stations whose
 * charger is connected, to this instance or another, with their free slots. A station without a connected charger is left out:
 * its slots are not offered.
 */
export async function listRemoteStartOptions(): Promise<TRemoteStartStation[]> {
  // One process on its own database (PGlite) with no charger connected: there is nothing to read.
  if (!chargerGateway.mayReachAny()) return [];
  const rows = await getDb()
    .select({ station: chargingStations, slot: chargingSlots })
    .from(chargingStations)
    .innerJoin(chargingSlots, eq(chargingSlots.stationId, chargingStations.id))
    .where(
      and(
        inArray(
          chargingStations.id,
          getDb()
            .select({ stationId: chargers.stationId })
            .from(chargers)
            .where(and(chargerGateway.reachableWhere(chargers.id), eq(chargers.commissioned, true), eq(chargers.connected, true))),
        ),
        eq(chargingStations.status, "online"),
        eq(chargingSlots.status, "available"),
      ),
    )
    .orderBy(asc(chargingStations.name), asc(chargingSlots.number));
  const byStation = new Map<number, TRemoteStartStation>();
  for (const { station, slot } of rows) {
    const entry = byStation.get(station.id) ?? {
      stationId: station.id,
      name: station.name,
      city: station.city,
      pricePerKwhKobo: station.pricePerKwhKobo,
      slots: [],
    };
    entry.slots.push({ number: slot.number, connector: slot.connector, powerKw: slot.powerKw });
    byStation.set(station.id, entry);
  }
  return [...byStation.values()];
}
