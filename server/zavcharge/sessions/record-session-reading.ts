import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { chargingSessions } from "./schema";

export type TSessionReading = Pick<
  typeof chargingSessions.$inferInsert,
  "lastMeterWh" | "lastMeterAt" | "socPercent" | "powerW" | "limitReason" | "remoteStopRequestedAt" | "fullyChargedNotifiedAt"
>;

/**
 * A running session's latest reading from its charger (docs/product/zavcharge.md#chargers), inside the caller's
 * transaction: the plausible meter value, battery and power, and once each, the limit that asked for a remote stop
 * and the "fully charged" notice. The session as it is now.
 */
export async function recordSessionReading(tx: Tx, sessionId: number, reading: TSessionReading) {
  const [updated] = await tx.update(chargingSessions).set(reading).where(eq(chargingSessions.id, sessionId)).returning();
  return updated!;
}
