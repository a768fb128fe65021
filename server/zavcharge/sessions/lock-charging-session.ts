import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { chargingStations } from "../network/schema";
import { chargingSessions } from "./schema";

/**
 * A charging session with its station's name, the session row locked until the caller's transaction ends, so a
 * second stop waits and then finds it stopped; null when there is no such session.
 */
export async function lockChargingSession(tx: Tx, sessionId: number) {
  const [row] = await tx
    .select({ session: chargingSessions, stationName: chargingStations.name })
    .from(chargingSessions)
    .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
    .where(eq(chargingSessions.id, sessionId))
    .for("update", { of: chargingSessions });
  return row ?? null;
}
