import { and, desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargerGateway } from "./charger-gateway";
import { chargerMessages, chargers } from "./schema";
import { chargingSlots, chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";

const MESSAGES_SHOWN = 60;

/** A charger's page for staff: its details, its slots, its running sessions and its latest messages. */
export async function getCharger(id: number) {
  const db = getDb();
  const [row] = await db
    .select({ charger: chargers, stationName: chargingStations.name })
    .from(chargers)
    .innerJoin(chargingStations, eq(chargingStations.id, chargers.stationId))
    .where(eq(chargers.id, id));
  if (!row) return null;
  const { passwordHash, ...charger } = row.charger;
  const [messages, running, slots, live] = await Promise.all([
    db
      .select({
        id: chargerMessages.id,
        direction: chargerMessages.direction,
        action: chargerMessages.action,
        payload: chargerMessages.payload,
        errorCode: chargerMessages.errorCode,
        at: chargerMessages.at,
      })
      .from(chargerMessages)
      .where(eq(chargerMessages.chargerId, id))
      .orderBy(desc(chargerMessages.id))
      .limit(MESSAGES_SHOWN),
    db
      .select({ id: chargingSessions.id, slotNumber: chargingSessions.slotNumber, startedAt: chargingSessions.startedAt })
      .from(chargingSessions)
      .where(and(eq(chargingSessions.chargerId, id), eq(chargingSessions.status, "active"))),
    db
      .select({ number: chargingSlots.number, status: chargingSlots.status })
      .from(chargingSlots)
      .where(eq(chargingSlots.stationId, charger.stationId))
      .orderBy(chargingSlots.number),
    // Connected here or to another instance: commands reach it either way.
    chargerGateway.isReachable(id),
  ]);
  return {
    charger: { ...charger, hasPassword: passwordHash !== null, stationName: row.stationName, live },
    messages: messages.map((m) => ({ ...m, payload: m.payload === null ? "" : JSON.stringify(m.payload).slice(0, 400) })),
    running,
    slots,
  };
}
