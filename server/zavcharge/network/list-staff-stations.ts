import { asc } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargingStations } from "./schema";
import { slotsByStation, stationCard, type TStationCard } from "./station-view";

/** Every station for the staff list, whatever its status, by city then name. */
export async function listStaffStations(now = new Date()): Promise<TStationCard[]> {
  const db = getDb();
  const rows = await db.select().from(chargingStations).orderBy(asc(chargingStations.city), asc(chargingStations.name));
  const slots = await slotsByStation(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => stationCard(r, slots.get(r.id) ?? [], now));
}
