import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargers } from "./schema";

/** Heartbeat (docs/product/zavcharge.md#chargers): the charger is alive now; it is told our time. */
export async function recordHeartbeat(chargerId: number, now = new Date()): Promise<{ currentTime: string }> {
  await getDb()
    .update(chargers)
    .set({ connected: true, lastSeenAt: now, lastHeartbeatAt: now, updatedAt: now })
    .where(eq(chargers.id, chargerId));
  return { currentTime: now.toISOString() };
}

/** Any message from the charger counts as a sign of life for the watchdog. */
export async function touchCharger(chargerId: number, now = new Date()): Promise<void> {
  await getDb().update(chargers).set({ lastSeenAt: now }).where(eq(chargers.id, chargerId));
}
