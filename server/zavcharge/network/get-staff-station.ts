import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargingStations } from "./schema";
import { slotsByStation, stationCard, type TStationCard } from "./station-view";

export type TStaffStation = {
  station: typeof chargingStations.$inferSelect;
  card: TStationCard;
  slots: { id: number; number: number; connector: string; powerKw: number; status: string }[];
};

/** One station as the staff edit page needs it: its stored fields, its public card and its slots. */
export async function getStaffStation(id: number, now = new Date()): Promise<TStaffStation | null> {
  const db = getDb();
  const [station] = await db.select().from(chargingStations).where(eq(chargingStations.id, id));
  if (!station) return null;
  const slots = (await slotsByStation(db, [id])).get(id) ?? [];
  return {
    station,
    card: stationCard(station, slots, now),
    slots: slots.map((s) => ({ id: s.id, number: s.number, connector: s.connector, powerKw: s.powerKw, status: s.status })),
  };
}
