import { and, eq, ne } from "drizzle-orm";
import { slotStatusForConnector } from "@domain/zavcharge/chargers/charger";
import { ZStatusNotification, type TStatusNotification } from "@domain/zavcharge/chargers/charger-input";
import { getDb } from "../../db/client";
import { publishStationAvailability } from "../network/publish-station-availability";
import { chargers } from "./schema";
import { chargingSlots } from "../network/schema";

/**
 * StatusNotification (docs/product/zavcharge.md#chargers): connector N is slot N of the charger's station; its
 * OCPP status becomes the slot's status (free, in use, out of order) and open network pages hear of a change.
 * Connector 0 (the whole charger) and unknown connectors are kept in the message log only.
 */
export async function recordConnectorStatus(chargerId: number, raw: TStatusNotification, now = new Date()): Promise<void> {
  const status = ZStatusNotification.parse(raw);
  if (status.connectorId === 0) return;
  const next = slotStatusForConnector(status.status);
  await getDb().transaction(async (tx) => {
    const [charger] = await tx.select({ stationId: chargers.stationId }).from(chargers).where(eq(chargers.id, chargerId));
    if (!charger) return;
    const changed = await tx
      .update(chargingSlots)
      .set({ status: next, updatedAt: now })
      .where(
        and(eq(chargingSlots.stationId, charger.stationId), eq(chargingSlots.number, status.connectorId), ne(chargingSlots.status, next)),
      )
      .returning({ id: chargingSlots.id });
    if (changed.length > 0) await publishStationAvailability(tx, charger.stationId);
  });
}
