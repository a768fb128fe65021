import { asc, inArray } from "drizzle-orm";
import { availableSlots, maintenanceNotice, stationDisplayStatus, type TStationCard } from "@domain/zavcharge/network/network-rules";

export type { TStationCard };
import type { DbOrTx } from "../../db/client";
import { chargingSlots, type chargingStations } from "./schema";

type TStationRow = typeof chargingStations.$inferSelect;
type TSlotRow = typeof chargingSlots.$inferSelect;

export function stationCard(station: TStationRow, slots: TSlotRow[], now: Date): TStationCard {
  const groups = new Map<string, { connector: string; powerKw: number; count: number }>();
  for (const s of slots) {
    const key = `${s.connector}|${s.powerKw}`;
    const g = groups.get(key) ?? { connector: s.connector, powerKw: s.powerKw, count: 0 };
    g.count++;
    groups.set(key, g);
  }
  return {
    id: station.id,
    slug: station.slug,
    name: station.name,
    address: station.address,
    city: station.city,
    state: station.state,
    latitude: station.latitude,
    longitude: station.longitude,
    pricePerKwhKobo: station.pricePerKwhKobo,
    features: station.features,
    openingHours: station.openingHours,
    status: stationDisplayStatus(station, now),
    availableSlots: availableSlots(station, slots, now),
    totalSlots: slots.length,
    connectors: [...groups.values()].sort((a, b) => b.powerKw - a.powerKw),
    maintenance: maintenanceNotice(station, now),
  };
}

/** The slots of these stations, by station id, in slot order. */
export async function slotsByStation(db: DbOrTx, stationIds: number[]): Promise<Map<number, TSlotRow[]>> {
  const out = new Map<number, TSlotRow[]>();
  if (stationIds.length === 0) return out;
  const rows = await db
    .select()
    .from(chargingSlots)
    .where(inArray(chargingSlots.stationId, stationIds))
    .orderBy(asc(chargingSlots.stationId), asc(chargingSlots.number));
  for (const r of rows) out.set(r.stationId, [...(out.get(r.stationId) ?? []), r]);
  return out;
}
