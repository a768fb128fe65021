import { eq } from "drizzle-orm";
import { availableSlots, STATION_EVENT_TYPE, stationDisplayStatus } from "@domain/zavcharge/network/network-rules";
import type { DbOrTx } from "../../db/client";
import { publishEvent } from "../../realtime/publish";
import { chargingSlots, chargingStations } from "./schema";

/** The realtime event every open network page listens for (docs/product/zavcharge.md#stations-and-slots). */
export const STATION_EVENT = STATION_EVENT_TYPE;

export type TStationAvailability = { stationId: number; status: string; availableSlots: number; totalSlots: number };

/**
 * Tells every connected page a station's availability, after a session starts or stops, a slot or the station
 * changes. Inside a transaction it leaves on commit (publishEvent), so pages never see a rolled-back change.
 */
export async function publishStationAvailability(db: DbOrTx, stationId: number): Promise<TStationAvailability | null> {
  const [station] = await db.select().from(chargingStations).where(eq(chargingStations.id, stationId));
  if (!station) return null;
  const slots = await db.select({ status: chargingSlots.status }).from(chargingSlots).where(eq(chargingSlots.stationId, stationId));
  const now = new Date();
  const payload: TStationAvailability = {
    stationId,
    status: stationDisplayStatus(station, now),
    availableSlots: availableSlots(station, slots, now),
    totalSlots: slots.length,
  };
  await publishEvent(db, { userId: null, type: STATION_EVENT, payload });
  return payload;
}
