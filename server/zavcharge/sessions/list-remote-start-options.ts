import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargerGateway } from "../chargers/charger-gateway";
import { chargers, chargingSlots, chargingStations } from "../schema";

export type TRemoteStartStation = {
  stationId: number;
  name: string;
  city: string;
  pricePerKwhKobo: number;
  slots: { number: number; connector: string; powerKw: number }[];
};

/**
 * Where a driver can start charging from the site (docs/product/zavcharge.md#chargers): open stations whose
 * charger is connected to this server, with their free slots. A station without a connected charger is left out:
 * its slots are not offered.
 */
export async function listRemoteStartOptions(): Promise<TRemoteStartStation[]> {
  // Only a charger connected to this process can be started from here: with none, there is nothing to read.
  const here = chargerGateway.connectedChargerIds();
  if (here.length === 0) return [];
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
            .where(and(inArray(chargers.id, here), eq(chargers.commissioned, true), eq(chargers.connected, true))),
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
