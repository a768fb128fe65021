import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargingStations } from "./schema";
import { slotsByStation, stationCard, type TStationCard } from "./station-view";

export type TStationPage = TStationCard & {
  slots: { id: number; number: number; connector: string; powerKw: number; status: string }[];
};

/** One station's public page (/zavcharge/stations/:slug), with its slots; null when there is none. */
export async function getStation(slug: string, now = new Date()): Promise<TStationPage | null> {
  const db = getDb();
  const [station] = await db.select().from(chargingStations).where(eq(chargingStations.slug, slug));
  if (!station) return null;
  const slots = (await slotsByStation(db, [station.id])).get(station.id) ?? [];
  return {
    ...stationCard(station, slots, now),
    slots: slots.map((s) => ({ id: s.id, number: s.number, connector: s.connector, powerKw: s.powerKw, status: s.status })),
  };
}
